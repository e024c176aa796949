import RxTraceFormat

/// Builds a trace's metadata by name, interning strings as a trace writer does.
struct TraceFixture {
    var strings: [String] = [""]
    var probes: [TraceProbe] = []
    var threads: [TraceThread] = []
    var marks: [TraceMark] = []
    var openSubscriptions: [TraceOpenSubscription] = []
    var sites: [TraceSite] = []
    var probeTotals: [TraceProbeTotals]?
    var header = TraceHeader(
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

    mutating func intern(_ text: String) -> UInt32 {
        if let index = strings.firstIndex(of: text) { return UInt32(index) }
        strings.append(text)
        return UInt32(strings.count - 1)
    }

    @discardableResult
    mutating func probe(_ identifier: String, file: String = "App/Main.swift", line: UInt32 = 1, function: String = "run()") -> UInt32 {
        probes.append(TraceProbe(identifier: intern(identifier), file: intern(file), line: line, function: intern(function)))
        return UInt32(probes.count - 1)
    }

    @discardableResult
    mutating func thread(_ name: String, systemID: UInt64) -> UInt16 {
        threads.append(TraceThread(systemID: systemID, name: intern(name)))
        return UInt16(threads.count - 1)
    }

    mutating func mark(_ label: String, at timestamp: UInt64 = 0, thread: UInt16 = 0, types: KeyValuePairs<String, Int64>) {
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

    mutating func site(_ fingerprint: UInt64, userFrame: String, frames: [String] = [], live: KeyValuePairs<String, Int64>) {
        sites.append(
            TraceSite(
                fingerprint: fingerprint,
                userFrame: intern(userFrame),
                frames: frames.map { intern($0) },
                live: live.map { TraceTypeCount(name: intern($0.key), count: $0.value) }
            )
        )
    }

    var file: TraceFile {
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
