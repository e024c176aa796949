import RxTraceFormat

extension TraceSnapshot {
    /// Writes the snapshot as a trace file, atomically.
    func write(to path: String) throws {
        throw TraceDumpError.noPath
    }
}
