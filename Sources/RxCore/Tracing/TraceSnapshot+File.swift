import RxTraceFormat

extension TraceSnapshot {
    /// Writes the snapshot as a trace file, atomically (a temporary file renamed into place).
    ///
    /// - Parameter path: Where to write.
    /// - Throws: `TraceFileError` naming the path and the cause.
    func write(to path: String) throws {
        try TraceFileWriter.write(file, records: records, to: path)
    }
}
