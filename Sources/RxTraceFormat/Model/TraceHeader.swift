/// What a trace says about the process that wrote it and about the trace itself.
public struct TraceHeader: Hashable, Sendable {
    /// The process identifier.
    public var processID: Int32
    /// The process name, such as `MyApp`.
    public var processName: String
    /// The wall-clock time the trace started, in nanoseconds since 1970-01-01 UTC.
    public var startWallClock: Int64
    /// Where timestamps come from.
    public var clock: TraceClock
    /// The ring buffer's capacity in records.
    public var capacity: UInt64
    /// Records written since the trace started, kept or not.
    public var recordsWritten: UInt64
    /// Records overwritten because the ring buffer was full; they are not in the file.
    public var recordsLost: UInt64
    /// The longest element or error description kept, in UTF-8 bytes; longer ones are cut.
    public var valueLimit: UInt32
    /// Why the trace was written.
    public var dumpReason: TraceDumpReason
    /// When the trace was written, in nanoseconds since it started.
    public var dumpTimestamp: UInt64
    /// How allocation sites were captured.
    public var siteCapture: TraceSiteCapture

    /// Creates a header from its fields.
    public init(
        processID: Int32,
        processName: String,
        startWallClock: Int64,
        clock: TraceClock,
        capacity: UInt64,
        recordsWritten: UInt64,
        recordsLost: UInt64,
        valueLimit: UInt32,
        dumpReason: TraceDumpReason,
        dumpTimestamp: UInt64,
        siteCapture: TraceSiteCapture
    ) {
        self.processID = processID
        self.processName = processName
        self.startWallClock = startWallClock
        self.clock = clock
        self.capacity = capacity
        self.recordsWritten = recordsWritten
        self.recordsLost = recordsLost
        self.valueLimit = valueLimit
        self.dumpReason = dumpReason
        self.dumpTimestamp = dumpTimestamp
        self.siteCapture = siteCapture
    }
}

/// The clock behind a trace's timestamps (all are nanoseconds since the trace started).
public enum TraceClock: UInt8, Hashable, Sendable, CaseIterable {
    /// `clock_gettime(CLOCK_MONOTONIC)` or the platform's equivalent.
    case monotonic = 1
    /// The CPU's invariant time-stamp counter, calibrated against the monotonic clock.
    case cpuCounter = 2
}

/// Why a trace file was written.
public enum TraceDumpReason: UInt8, Hashable, Sendable, CaseIterable {
    /// The program exited normally.
    case exit = 1
    /// The program received `SIGUSR1` and kept running.
    case signal = 2
    /// The program asked for it (`Trace.dump(to:)`).
    case request = 3
}

/// How allocation sites of resources were captured.
public enum TraceSiteCapture: Hashable, Sendable {
    /// Not at all: counts only.
    case off
    /// One resource in every `n` carried its stack.
    case sampled(every: UInt32)
    /// Every resource carried its stack.
    case all
}
