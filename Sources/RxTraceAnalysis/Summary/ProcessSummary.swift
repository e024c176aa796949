import RxTraceFormat

/// The facts of a trace about the process that wrote it and about the trace itself.
public struct ProcessSummary: Sendable, Hashable, Codable {
    /// The process name.
    public var name: String
    /// The process identifier.
    public var pid: Int32
    /// The wall-clock time the trace started, in nanoseconds since 1970-01-01 UTC.
    public var startWallClock: Int64
    /// Where timestamps came from: `monotonic` or `cpuCounter`.
    public var clock: String
    /// The ring buffer's capacity in records.
    public var capacity: UInt64
    /// Records written while tracing, kept or not.
    public var recordsWritten: UInt64
    /// The records the file held (the ones the summary read).
    public var records: Int
    /// Records lost because the ring buffer was full.
    public var lostRecords: UInt64
    /// The longest element or error description kept, in UTF-8 bytes.
    public var valueLimit: UInt32
    /// Why the trace was written: `exit`, `signal` or `request`.
    public var dumpReason: String
    /// From the start of the trace to the moment it was written, in nanoseconds.
    public var durationNanoseconds: UInt64
    /// How allocation sites were captured.
    public var siteCapture: LeakSiteCapture

    /// Creates the facts from their values.
    public init(
        name: String,
        pid: Int32,
        startWallClock: Int64,
        clock: String,
        capacity: UInt64,
        recordsWritten: UInt64,
        records: Int,
        lostRecords: UInt64,
        valueLimit: UInt32,
        dumpReason: String,
        durationNanoseconds: UInt64,
        siteCapture: LeakSiteCapture
    ) {
        self.name = name
        self.pid = pid
        self.startWallClock = startWallClock
        self.clock = clock
        self.capacity = capacity
        self.recordsWritten = recordsWritten
        self.records = records
        self.lostRecords = lostRecords
        self.valueLimit = valueLimit
        self.dumpReason = dumpReason
        self.durationNanoseconds = durationNanoseconds
        self.siteCapture = siteCapture
    }

    /// The facts of `header`, with the number of records read.
    public init(header: TraceHeader, records: Int) {
        let clock: String
        switch header.clock {
        case .monotonic: clock = "monotonic"
        case .cpuCounter: clock = "cpuCounter"
        }
        let reason: String
        switch header.dumpReason {
        case .exit: reason = "exit"
        case .signal: reason = "signal"
        case .request: reason = "request"
        }
        self.init(
            name: header.processName,
            pid: header.processID,
            startWallClock: header.startWallClock,
            clock: clock,
            capacity: header.capacity,
            recordsWritten: header.recordsWritten,
            records: records,
            lostRecords: header.recordsLost,
            valueLimit: header.valueLimit,
            dumpReason: reason,
            durationNanoseconds: header.dumpTimestamp,
            siteCapture: LeakSiteCapture(header.siteCapture)
        )
    }
}
