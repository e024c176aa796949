import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

/// A trace of a search screen: two probes, two threads, marks, lost and damaged records.
struct SearchTrace {
    var fixture = TraceFixture()
    var records: [TraceRecord] = []

    init() {
        fixture.probe("search", file: "App/Search.swift", line: 12, function: "bind()")
        fixture.probe("results", file: "App/Results.swift", line: 30, function: "load()")
        fixture.thread("main", systemID: 1)
        fixture.thread("", systemID: 77)
        fixture.mark("warm-up", at: 90, thread: 0, types: ["Sink": 2, "Observable": 1])
        fixture.mark("run 1", at: 210, thread: 1, types: ["Sink": 3, "Observable": 1])
        fixture.header.recordsWritten = 20
        fixture.header.recordsLost = 7
        fixture.openSubscriptions = [
            TraceOpenSubscription(subscription: 1, probe: 0, thread: 0, subscribedAt: 100),
            TraceOpenSubscription(subscription: 8, probe: 1, thread: 1, subscribedAt: 50),
        ]
        let a = UInt64(fixture.intern("a"))
        let ab = UInt64(fixture.intern("ab"))
        let timeout = UInt64(fixture.intern("timeout"))
        records = [
            TraceRecord(timestamp: 100, subscription: 1, probe: 0, thread: 0, kind: .subscribed),
            TraceRecord(timestamp: 110, subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .string, value: a),
            TraceRecord(timestamp: 120, subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .string, value: ab),
            TraceRecord(timestamp: 130, subscription: 2, probe: 1, thread: 1, kind: .subscribed),
            TraceRecord(timestamp: 140, subscription: 2, probe: 1, thread: 1, kind: .error, valueKind: .string, value: timeout),
            TraceRecord(timestamp: 141, subscription: 2, probe: 1, thread: 1, kind: .disposed, valueKind: .disposalReason, value: 2),
            TraceRecord(timestamp: 150, subscription: 3, probe: 1, thread: 1, kind: .subscribed),
            TraceRecord(timestamp: 160, subscription: 3, probe: 1, thread: 1, kind: .next, valueKind: .int, value: 42),
            TraceRecord(timestamp: 170, subscription: 3, probe: 1, thread: 1, kind: .completed),
            TraceRecord(timestamp: 171, subscription: 3, probe: 1, thread: 1, kind: .disposed, valueKind: .disposalReason, value: 1),
            TraceRecord(timestamp: 180, subscription: 4, probe: 0, thread: 0, kind: .subscribed),
            TraceRecord(timestamp: 190, subscription: 5, probe: 9, thread: 0, kind: .next, valueKind: .int, value: 1),
            TraceRecord(timestamp: 200, subscription: 6, probe: 1, thread: 1, kind: .disposed, valueKind: .disposalReason, value: 3),
        ]
    }
}

@Suite("TraceSummary: one pass over the records")
struct TraceSummaryTests {
    @Test("Per probe: subscriptions, next, error, completed, disposed and open")
    func probeCounts() {
        let trace = SearchTrace()
        let summary = TraceSummary(file: trace.fixture.file, records: trace.records)
        #expect(
            summary.probes == [
                ProbeSummary(
                    index: 0, identifier: "search", file: "App/Search.swift", line: 12, function: "bind()",
                    subscriptions: 2, next: 2, error: 0, completed: 0, disposed: 0, open: 2
                ),
                ProbeSummary(
                    index: 1, identifier: "results", file: "App/Results.swift", line: 30, function: "load()",
                    subscriptions: 2, next: 1, error: 1, completed: 1, disposed: 3, open: 1
                ),
            ]
        )
        #expect(summary.invalidRecords == 1)
    }

    @Test("Open subscriptions: the trace's list and those its records leave open, once each, the oldest first")
    func openSubscriptions() {
        let trace = SearchTrace()
        let summary = TraceSummary(file: trace.fixture.file, records: trace.records)
        #expect(
            summary.openSubscriptions == [
                OpenSubscriptionSummary(
                    subscription: 8, probe: "results", probeIndex: 1, subscribedAt: 50, ageNanoseconds: 4_950,
                    thread: "thread 77", listed: true
                ),
                OpenSubscriptionSummary(
                    subscription: 1, probe: "search", probeIndex: 0, subscribedAt: 100, ageNanoseconds: 4_900,
                    thread: "main", listed: true
                ),
                OpenSubscriptionSummary(
                    subscription: 4, probe: "search", probeIndex: 0, subscribedAt: 180, ageNanoseconds: 4_820,
                    thread: "main", listed: false
                ),
            ]
        )
    }

    @Test("Errors with their probe, time, thread and description")
    func errors() {
        let trace = SearchTrace()
        let summary = TraceSummary(file: trace.fixture.file, records: trace.records)
        #expect(
            summary.errors == [
                ErrorSummary(probe: "results", probeIndex: 1, subscription: 2, timestamp: 140, thread: "thread 77", description: "timeout")
            ]
        )
        #expect(summary.errorsOmitted == 0)
    }

    @Test("Only the first errors are kept; the others are counted")
    func errorLimit() {
        var fixture = TraceFixture()
        fixture.probe("p")
        fixture.thread("main", systemID: 1)
        let records = (0..<5).map { index in
            TraceRecord(
                timestamp: UInt64(index), subscription: UInt64(index), probe: 0, thread: 0, kind: .error, valueKind: .int,
                value: UInt64(index))
        }
        let summary = TraceSummary(file: fixture.file, records: records, options: TraceSummary.Options(errorLimit: 2))
        #expect(summary.errors.map(\.description) == ["0", "1"])
        #expect(summary.errorsOmitted == 3)
        #expect(summary.probes[0].error == 5)
        let none = TraceSummary(file: fixture.file, records: records, options: TraceSummary.Options(errorLimit: -1))
        #expect(none.errors.isEmpty)
        #expect(none.errorsOmitted == 5)
        #expect(TraceSummary(file: fixture.file, records: records).errors.count == 5)
    }

    @Test("The process facts come from the header and the records read")
    func process() {
        let trace = SearchTrace()
        let summary = TraceSummary(file: trace.fixture.file, records: trace.records)
        #expect(
            summary.process
                == ProcessSummary(
                    name: "SearchDemo",
                    pid: 4242,
                    startWallClock: 1_700_000_000_000_000_000,
                    clock: "monotonic",
                    capacity: 65_536,
                    recordsWritten: 20,
                    records: 13,
                    lostRecords: 7,
                    valueLimit: 64,
                    dumpReason: "exit",
                    durationNanoseconds: 5_000,
                    siteCapture: .off
                )
        )
        var header = trace.fixture.header
        header.clock = .cpuCounter
        header.dumpReason = .signal
        header.siteCapture = .all
        let other = ProcessSummary(header: header, records: 0)
        #expect(other.clock == "cpuCounter")
        #expect(other.dumpReason == "signal")
        #expect(other.siteCapture == .all)
        header.dumpReason = .request
        #expect(ProcessSummary(header: header, records: 0).dumpReason == "request")
    }

    @Test("Marks become a timeline with type names, sorted by name; the leak report reads them")
    func marksAndLeak() {
        let trace = SearchTrace()
        let summary = TraceSummary(file: trace.fixture.file, records: trace.records)
        #expect(
            summary.marks == [
                MarkSummary(
                    label: "warm-up", timestamp: 90, thread: "main", resourcesTotal: 3,
                    types: [ResourceTypeCount(name: "Observable", count: 1), ResourceTypeCount(name: "Sink", count: 2)]
                ),
                MarkSummary(
                    label: "run 1", timestamp: 210, thread: "thread 77", resourcesTotal: 4,
                    types: [ResourceTypeCount(name: "Observable", count: 1), ResourceTypeCount(name: "Sink", count: 3)]
                ),
            ]
        )
        #expect(summary.leak == LeakAnalysis.analyze(trace: trace.fixture.file))
        #expect(summary.leak.verdict == .inconclusive)
    }

    @Test("The leak options reach the report")
    func leakOptions() {
        var fixture = TraceFixture()
        for (index, count) in [5, 6, 7, 8].enumerated() {
            fixture.mark("m\(index)", types: ["Sink": Int64(count)])
        }
        let strict = TraceSummary(file: fixture.file, records: [])
        #expect(strict.leak.verdict == .leaking)
        let tolerant = TraceSummary(file: fixture.file, records: [], options: TraceSummary.Options(allowedGrowth: 1))
        #expect(tolerant.leak.verdict == .clean)
        let twoWarmUps = TraceSummary(file: fixture.file, records: [], options: TraceSummary.Options(warmUpMarks: 2))
        #expect(twoWarmUps.leak.labels == ["m1", "m2", "m3"])
    }

    @Test("A builder fed record by record gives the same summary, and can finish midway and go on")
    func builderStreaming() {
        let trace = SearchTrace()
        var builder = TraceSummary.Builder(file: trace.fixture.file)
        for record in trace.records.prefix(6) {
            builder.accumulate(record)
        }
        #expect(builder.recordCount == 6)
        let partial = builder.finish()
        #expect(partial.process.records == 6)
        #expect(partial.probes[1].error == 1)
        #expect(partial.probes[1].open == 1)
        #expect(partial.probes[0].open == 1)
        builder.accumulate(contentsOf: trace.records.dropFirst(6))
        #expect(builder.finish() == TraceSummary(file: trace.fixture.file, records: trace.records))
    }

    @Test("Subscriptions of a probe the open list names but the probe table lacks are listed, not counted")
    func openSubscriptionOfUnknownProbe() {
        var fixture = TraceFixture()
        fixture.probe("p")
        fixture.openSubscriptions = [TraceOpenSubscription(subscription: 3, probe: 5, thread: 9, subscribedAt: 6_000)]
        let summary = TraceSummary(file: fixture.file, records: [])
        #expect(
            summary.openSubscriptions == [
                OpenSubscriptionSummary(
                    subscription: 3, probe: "<probe 5>", probeIndex: 5, subscribedAt: 6_000, ageNanoseconds: 0,
                    thread: "<thread 9>", listed: true
                )
            ]
        )
        #expect(summary.probes.map(\.open) == [0])
    }
}
