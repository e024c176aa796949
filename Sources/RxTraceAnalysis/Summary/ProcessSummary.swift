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
    /// Whether the trace counted each probe's events outside the ring buffer, so that the
    /// probes' counts are exact even when records were lost (``lostRecords``); when `false`
    /// they count only the kept records.
    public var probeCountsExact: Bool

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
        siteCapture: LeakSiteCapture,
        probeCountsExact: Bool = false
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
        self.probeCountsExact = probeCountsExact
    }

    private enum CodingKeys: String, CodingKey {
        case name, pid, startWallClock, clock, capacity, recordsWritten, records, lostRecords, valueLimit, dumpReason
        case durationNanoseconds, siteCapture, probeCountsExact
    }

    /// Reads the facts from their JSON; `probeCountsExact`, added within schema version 1,
    /// may be missing (`false`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            pid: try container.decode(Int32.self, forKey: .pid),
            startWallClock: try container.decode(Int64.self, forKey: .startWallClock),
            clock: try container.decode(String.self, forKey: .clock),
            capacity: try container.decode(UInt64.self, forKey: .capacity),
            recordsWritten: try container.decode(UInt64.self, forKey: .recordsWritten),
            records: try container.decode(Int.self, forKey: .records),
            lostRecords: try container.decode(UInt64.self, forKey: .lostRecords),
            valueLimit: try container.decode(UInt32.self, forKey: .valueLimit),
            dumpReason: try container.decode(String.self, forKey: .dumpReason),
            durationNanoseconds: try container.decode(UInt64.self, forKey: .durationNanoseconds),
            siteCapture: try container.decode(LeakSiteCapture.self, forKey: .siteCapture),
            probeCountsExact: try container.decodeIfPresent(Bool.self, forKey: .probeCountsExact) ?? false
        )
    }

    /// The facts of `header`, with the number of records read and whether the probes' counts
    /// are exact totals.
    public init(header: TraceHeader, records: Int, probeCountsExact: Bool = false) {
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
            siteCapture: LeakSiteCapture(header.siteCapture),
            probeCountsExact: probeCountsExact
        )
    }
}
