internal import RxTraceFormat

extension TraceSnapshot {
    /// Writes the snapshot as a trace file, atomically (a temporary file renamed into place).
    ///
    /// A device or a FIFO is written as it is; an existing regular file is replaced only when
    /// it is a trace or empty, unless `replacing` says any file may be.
    ///
    /// - Parameters:
    ///   - path: Where to write.
    ///   - replacing: Which existing files may be replaced.
    /// - Throws: `TraceFileError` naming the path and the cause.
    func write(to path: String, replacing: TraceFileReplacement = .tracesOnly) throws {
        try TraceFileWriter.write(file, records: records, to: path, replacing: replacing)
    }
}
