import RxTraceFormat

/// Builds a trace's metadata by name, interning strings as a trace writer does.
public struct TraceFixture: Sendable {
    /// The string table; string 0 is the empty string.
    public var strings: [String] = [""]
    /// The probes, in the order ``probe(_:file:line:function:)`` added them.
    public var probes: [TraceProbe] = []
    /// The threads, in the order ``thread(_:systemID:)`` added them.
    public var threads: [TraceThread] = []
    /// The marks, in the order ``mark(_:at:thread:types:)`` added them.
    public var marks: [TraceMark] = []
    /// The subscriptions still open when the trace was written.
    public var openSubscriptions: [TraceOpenSubscription] = []
    /// The allocation sites, in the order ``site(_:userFrame:frames:live:)`` added them.
    public var sites: [TraceSite] = []
    /// The probe totals section, or `nil` for a version 1.0 file.
    public var probeTotals: [TraceProbeTotals]?
    /// A plausible header; tests change the fields they are about.
    public var header = TraceHeader(
        processID: 4242,
        processName: "SearchDemo",
        startWallClock: 1_700_000_000_000_000_000,
        clock: .monotonic,
        capacity: 65_536,
        recordsWritten: 12,
        recordsLost: 0,
        valueLimit: 64,
        dumpReason: .exit,
        dumpTimestamp: 5_000,
        siteCapture: .off
    )

    /// An empty trace with the default header.
    public init() {}

    /// The index of `text` in the string table, adding it if it is not there yet.
    public mutating func intern(_ text: String) -> UInt32 {
        if let index = strings.firstIndex(of: text) { return UInt32(index) }
        strings.append(text)
        return UInt32(strings.count - 1)
    }

    /// Adds a probe and returns its index.
    @discardableResult
    public mutating func probe(
        _ identifier: String, file: String = "App/Main.swift", line: UInt32 = 1, function: String = "run()"
    ) -> UInt32 {
        probes.append(TraceProbe(identifier: intern(identifier), file: intern(file), line: line, function: intern(function)))
        return UInt32(probes.count - 1)
    }

    /// Adds a thread and returns its index.
    @discardableResult
    public mutating func thread(_ name: String, systemID: UInt64) -> UInt16 {
        threads.append(TraceThread(systemID: systemID, name: intern(name)))
        return UInt16(threads.count - 1)
    }

    /// Adds a mark whose total is the sum of `types`.
    public mutating func mark(_ label: String, at timestamp: UInt64 = 0, thread: UInt16 = 0, types: KeyValuePairs<String, Int64>) {
        let counts = types.map { TraceTypeCount(name: intern($0.key), count: $0.value) }
        marks.append(
            TraceMark(
                timestamp: timestamp,
                label: intern(label),
                thread: thread,
                resourcesTotal: types.reduce(0) { $0 &+ $1.value },
                types: counts
            )
        )
    }

    /// Adds an allocation site.
    public mutating func site(_ fingerprint: UInt64, userFrame: String, frames: [String] = [], live: KeyValuePairs<String, Int64>) {
        sites.append(
            TraceSite(
                fingerprint: fingerprint,
                userFrame: intern(userFrame),
                frames: frames.map { intern($0) },
                live: live.map { TraceTypeCount(name: intern($0.key), count: $0.value) }
            )
        )
    }

    /// The trace built so far.
    public var file: TraceFile {
        TraceFile(
            header: header,
            strings: strings,
            probes: probes,
            threads: threads,
            marks: marks,
            openSubscriptions: openSubscriptions,
            sites: sites,
            probeTotals: probeTotals
        )
    }
}
