import RxTraceFormat

/// The names a trace's records refer to (probe identifiers, thread names, system thread ids),
/// resolved once per file so that an exporter looks them up by index for every record.
///
/// Names and stand-ins are those of `TraceFile.probeIdentifier(_:)` and
/// `TraceFile.threadName(_:)`, so exports and reports of the same trace agree.
public struct TraceNames: Sendable {
    /// Probe identifiers by probe index.
    public let probes: [String]
    /// Thread names by thread index; `thread <system id>` for unnamed threads.
    public let threads: [String]
    /// System thread ids by thread index.
    public let threadIDs: [UInt64]
    /// The trace, for the stand-ins of indexes it does not have.
    private let file: TraceFile

    /// Resolves the names of `file`'s probes and threads.
    public init(_ file: TraceFile) {
        self.file = file
        probes = file.probes.indices.map { file.probeIdentifier(UInt32($0)) }
        threads = file.threads.indices.map { file.threadName(UInt16($0)) }
        threadIDs = file.threads.map(\.systemID)
    }

    /// The identifier of probe `index`; `<probe N>` when the trace has no such probe.
    public func probe(_ index: UInt32) -> String {
        Int(index) < probes.count ? probes[Int(index)] : file.probeIdentifier(index)
    }

    /// The name of thread `index`; `<thread N>` when the trace has no such thread.
    public func thread(_ index: UInt16) -> String {
        Int(index) < threads.count ? threads[Int(index)] : file.threadName(index)
    }

    /// The system id of thread `index`, or the index itself when the trace has no such thread
    /// (an id is a number, so it has no textual stand-in).
    public func threadID(_ index: UInt16) -> UInt64 {
        Int(index) < threadIDs.count ? threadIDs[Int(index)] : UInt64(index)
    }
}
