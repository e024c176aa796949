import RxTraceFormat

/// Traces written by hand for the export tests, with the shapes real traces have but whose
/// every record is known.
public enum SampleTraces {
    /// Two probes; on `search`, A and B overlap without nesting (A opens, B opens, A ends, B ends)
    /// and C comes after both; on `results`, one disposal whose start the ring lost, one
    /// subscription open at the dump whose record is there, one whose record was lost.
    public static func writeOverlapping(to path: String) throws {
        let strings = [
            "", "search", "results", "App/Main.swift", "run()", "main", "worker", "hi", "boom", "warm-up", "iteration 1", "Demo",
        ]
        func index(_ text: String) -> UInt32 { UInt32(strings.firstIndex(of: text)!) }
        let header = TraceHeader(
            processID: 77, processName: "Demo", startWallClock: 1_700_000_000_000_000_000, clock: .monotonic,
            capacity: 1024, recordsWritten: 12, recordsLost: 2, valueLimit: 64, dumpReason: .exit,
            dumpTimestamp: 100, siteCapture: .off
        )
        let file = TraceFile(
            header: header,
            strings: strings,
            probes: [
                TraceProbe(identifier: index("search"), file: index("App/Main.swift"), line: 3, function: index("run()")),
                TraceProbe(identifier: index("results"), file: index("App/Main.swift"), line: 9, function: index("run()")),
            ],
            threads: [TraceThread(systemID: 1000, name: index("main")), TraceThread(systemID: 1001, name: index("worker"))],
            marks: [
                TraceMark(timestamp: 8, label: index("warm-up"), thread: 0, resourcesTotal: 10, types: []),
                TraceMark(timestamp: 90, label: index("iteration 1"), thread: 0, resourcesTotal: 12, types: []),
            ],
            openSubscriptions: [
                TraceOpenSubscription(subscription: 5, probe: 1, thread: 1, subscribedAt: 55),
                TraceOpenSubscription(subscription: 6, probe: 1, thread: 0, subscribedAt: 5),
            ],
            sites: []
        )
        let disposal = TraceValueKind.disposalReason
        let records = [
            TraceRecord(timestamp: 10, subscription: 1, probe: 0, thread: 0, kind: .subscribed),
            TraceRecord(timestamp: 20, subscription: 2, probe: 0, thread: 1, kind: .subscribed),
            TraceRecord(timestamp: 25, subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .int, value: 42),
            TraceRecord(
                timestamp: 30, subscription: 1, probe: 0, thread: 0, kind: .disposed, valueKind: disposal,
                value: TraceDisposalReason.early.rawValue),
            TraceRecord(timestamp: 35, subscription: 2, probe: 0, thread: 1, kind: .next, valueKind: .string, value: UInt64(index("hi"))),
            TraceRecord(
                timestamp: 40, subscription: 2, probe: 0, thread: 1, kind: .disposed, valueKind: disposal,
                value: TraceDisposalReason.early.rawValue),
            TraceRecord(timestamp: 45, subscription: 3, probe: 0, thread: 0, kind: .subscribed),
            TraceRecord(
                timestamp: 50, subscription: 4, probe: 1, thread: 0, kind: .disposed, valueKind: disposal,
                value: TraceDisposalReason.completed.rawValue),
            TraceRecord(timestamp: 55, subscription: 5, probe: 1, thread: 1, kind: .subscribed),
            TraceRecord(
                timestamp: 60, subscription: 3, probe: 0, thread: 0, kind: .error, valueKind: .string, value: UInt64(index("boom"))),
            TraceRecord(
                timestamp: 61, subscription: 3, probe: 0, thread: 0, kind: .disposed, valueKind: disposal,
                value: TraceDisposalReason.errored.rawValue),
            TraceRecord(timestamp: 70, subscription: 5, probe: 1, thread: 1, kind: .next, valueKind: .bool, value: 1),
        ]
        try TraceFileWriter.write(file, records: records, to: path)
    }
}
