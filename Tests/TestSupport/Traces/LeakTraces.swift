import RxTraceFormat

/// Traces written by hand for the leak-check tests: their verdicts are known without building
/// a program with the TraceResources trait.
public enum LeakTraces {
    /// The readable line of user code the leaking site of ``writeLeaking(to:sites:)`` names.
    public static let siteFrame = "App/SearchScreen.swift:42"
    /// That site's fingerprint.
    public static let siteFingerprint: UInt64 = 0x00c0_ffee_1234_abcd

    /// A warm-up and 4 repetitions whose total grows by 2 each time (2 more
    /// `AnonymousObserver<Int>` alive), with the leaking site when `sites` is true, at
    /// `frame` (``siteFrame`` unless given); the type is ``typeName`` unless `type` is given.
    public static func writeLeaking(to path: String, sites: Bool = true, frame: String = siteFrame, type: String = typeName) throws {
        try write(to: path, totals: [10, 12, 14, 16, 18], sites: sites, frame: frame, type: type)
    }

    /// The same scenario without growth.
    public static func writeClean(to path: String, type: String = typeName) throws {
        try write(to: path, totals: [10, 10, 10, 10, 10], sites: false, type: type)
    }

    /// The type whose count the traces record, unless another is given.
    public static let typeName = "RxCore.AnonymousObserver<Swift.Int>"

    /// Marks of a program built without the trait: every total is -1, no types.
    public static func writeUncounted(to path: String) throws {
        try write(to: path, totals: [-1, -1, -1, -1, -1], sites: false)
    }

    private static func write(to path: String, totals: [Int64], sites: Bool, frame: String = siteFrame, type: String = typeName) throws {
        let strings = [
            "", "warm-up", "repetition 1", "repetition 2", "repetition 3", "repetition 4", "main", type,
            frame, "query", "SearchApp",
        ]
        let header = TraceHeader(
            processID: 7, processName: "SearchApp", startWallClock: 1_700_000_000_000_000_000, clock: .monotonic,
            capacity: 1024, recordsWritten: 0, recordsLost: 0, valueLimit: 64, dumpReason: .exit,
            dumpTimestamp: 1_000, siteCapture: .off
        )
        let marks = totals.enumerated().map { index, total in
            TraceMark(
                timestamp: UInt64(100 * (index + 1)),
                label: UInt32(index + 1),
                thread: 0,
                resourcesTotal: total,
                types: total < 0 ? [] : [TraceTypeCount(name: 7, count: total)]
            )
        }
        let leaked = (totals.last ?? 0) - (totals.first ?? 0)
        let file = TraceFile(
            header: header,
            strings: strings,
            probes: [TraceProbe(identifier: 9, file: 8, line: 42, function: 0)],
            threads: [TraceThread(systemID: 1, name: 6)],
            marks: marks,
            openSubscriptions: [],
            sites: sites
                ? [TraceSite(fingerprint: siteFingerprint, userFrame: 8, frames: [], live: [TraceTypeCount(name: 7, count: leaked)])] : []
        )
        try TraceFileWriter.write(file, records: [], to: path)
    }
}
