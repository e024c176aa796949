import RxTraceFormat
import TestSupport
import Testing

@testable import RxTraceAnalysis

@Suite("LeakAnalysis: offline, over a trace's marks")
struct LeakAnalysisTraceTests {
    private let advice =
        "mark the end of each repetition with Trace.mark(_:) and repeat the scenario at least 2 times after the warm-up"

    @Test("Each mark ends a repetition; the first is the warm-up baseline; names come from the string table")
    func leakingTrace() {
        var trace = TraceFixture()
        trace.thread("main", systemID: 1)
        trace.mark("warm-up", at: 10, types: ["Sink": 4, "Observable": 2])
        trace.mark("run 1", at: 20, types: ["Sink": 5, "Observable": 2])
        trace.mark("run 2", at: 30, types: ["Sink": 6, "Observable": 2])
        trace.mark("run 3", at: 40, types: ["Sink": 7, "Observable": 2])
        let report = LeakAnalysis.analyze(trace: trace.file)
        #expect(report.verdict == .leaking)
        #expect(report.labels == ["warm-up", "run 1", "run 2", "run 3"])
        #expect(report.totals == [6, 7, 8, 9])
        #expect(report.growthPerIteration == 1)
        #expect(report.types.map(\.name) == ["Sink"])
        #expect(report.siteCapture == .off)
        #expect(report.siteScope == .endOfTrace)
        #expect(report.sites.isEmpty)
    }

    @Test("Marks of a program that did not count resources (total -1) give no verdict; true zeros are clean")
    func uncountedMarks() {
        var uncounted = TraceFixture()
        for label in ["warm-up", "run 1", "run 2"] {
            uncounted.mark(label, types: [:])
        }
        uncounted.marks = uncounted.marks.map { mark in
            var copy = mark
            copy.resourcesTotal = -1
            return copy
        }
        let report = LeakAnalysis.analyze(trace: uncounted.file)
        #expect(report.verdict == .inconclusive)
        #expect(report.reason.contains("without the TraceResources trait"))
        // The -1 the file stores reaches no one: no totals, no "Live resources: -1".
        #expect(report.totals.isEmpty)
        #expect(!report.summary.contains("-1"))
        #expect(!report.reason.contains("counts 0"))

        var zeros = TraceFixture()
        for label in ["warm-up", "run 1", "run 2"] {
            zeros.mark(label, types: [:])
        }
        #expect(LeakAnalysis.analyze(trace: zeros.file).verdict == .clean)
    }

    @Test("The same rule as in process: a leak every other mark is leaking, a cache of 3 clean")
    func sameRuleAsInProcess() {
        var intermittent = TraceFixture()
        var live: Int64 = 5
        var samples: [LeakSample] = []
        for run in 0...16 {
            if run % 2 == 0 { live += 1 }
            intermittent.mark(run == 0 ? "warm-up" : "run \(run)", types: ["Sink": live])
            samples.append(LeakSample(label: run == 0 ? "warm-up" : "run \(run)", total: Int(live), types: ["Sink": Int(live)]))
        }
        let fromTrace = LeakAnalysis.analyze(trace: intermittent.file)
        #expect(fromTrace.verdict == .leaking)
        #expect(fromTrace.verdict == LeakAnalysis.analyze(samples: samples).verdict)
        #expect(fromTrace.reason == LeakAnalysis.analyze(samples: samples).reason)

        var cache = TraceFixture()
        for (run, count) in [1, 2, 3, 3, 3, 3, 3, 3].enumerated() {
            cache.mark("run \(run)", types: ["Entry": Int64(count)])
        }
        #expect(LeakAnalysis.analyze(trace: cache.file).verdict == .clean)
    }

    @Test("Several warm-up marks: the last of them is the baseline")
    func severalWarmUpMarks() {
        var trace = TraceFixture()
        trace.mark("start", types: ["Sink": 0])
        trace.mark("warm-up", types: ["Sink": 10])
        trace.mark("run 1", types: ["Sink": 10])
        trace.mark("run 2", types: ["Sink": 10])
        let withOne = LeakAnalysis.analyze(trace: trace.file)
        // One rise of +10, then 2 quiet iterations: too few to tell a filled cache from a leak.
        #expect(withOne.verdict == .inconclusive)
        #expect(withOne.growth == [10, 0, 0])
        let withTwo = LeakAnalysis.analyze(trace: trace.file, warmUpMarks: 2)
        #expect(withTwo.verdict == .clean)
        #expect(withTwo.labels == ["warm-up", "run 1", "run 2"])
        #expect(withTwo.growth == [0, 0])
        #expect(LeakAnalysis.analyze(trace: trace.file, warmUpMarks: 0) == withOne)
        #expect(LeakAnalysis.analyze(trace: trace.file, warmUpMarks: -4) == withOne)
    }

    @Test("The allowance applies")
    func allowance() {
        var trace = TraceFixture()
        for (index, count) in [0, 1, 2, 3].enumerated() {
            trace.mark("m\(index)", types: ["Timer": Int64(count)])
        }
        #expect(LeakAnalysis.analyze(trace: trace.file).verdict == .leaking)
        #expect(LeakAnalysis.analyze(trace: trace.file, allowedGrowth: 1).verdict == .clean)
    }

    @Test("No marks, or fewer than 2 after the warm-up: inconclusive, and the reason says what to do")
    func tooFewMarks() {
        var trace = TraceFixture()
        let none = LeakAnalysis.analyze(trace: trace.file)
        #expect(none.verdict == .inconclusive)
        #expect(none.iterations == 0)
        #expect(
            none.reason
                == "the trace has no marks and no resource samples (it was written by a version of rxtrace that did not take them); "
                + advice)

        trace.mark("warm-up", types: ["Sink": 1])
        let one = LeakAnalysis.analyze(trace: trace.file)
        #expect(one.verdict == .inconclusive)
        #expect(one.reason == "the trace has 1 mark, none after the 1 warm-up mark; " + advice)

        trace.mark("run 1", types: ["Sink": 2])
        let two = LeakAnalysis.analyze(trace: trace.file)
        #expect(two.verdict == .inconclusive)
        #expect(two.iterations == 1)
        #expect(two.growth == [1])
        #expect(two.reason == "the trace has 2 marks: the 1 warm-up mark and only 1 repetition after it; " + advice)
        #expect(two.summary.hasPrefix("Leak check: inconclusive (1 iteration after the warm-up)\nWhy: the trace has 2 marks"))

        trace.mark("run 2", types: ["Sink": 3])
        let three = LeakAnalysis.analyze(trace: trace.file, warmUpMarks: 3)
        #expect(three.reason == "the trace has 3 marks, none after the 3 warm-up marks; " + advice)
        #expect(LeakAnalysis.analyze(trace: trace.file).verdict == .leaking)
    }

    @Test("Sites come from the trace, scoped to the end of the trace, with its capture mode")
    func sitesFromTheTrace() {
        var trace = TraceFixture()
        trace.header.siteCapture = .sampled(every: 4)
        trace.mark("warm-up", types: ["Sink": 1])
        trace.mark("run 1", types: ["Sink": 2])
        trace.mark("run 2", types: ["Sink": 3])
        trace.site(0xa1, userFrame: "Screen.swift:12", frames: ["RxCore.Sink.init", "Screen.swift:12"], live: ["Sink": 3])
        trace.site(0xb2, userFrame: "Cache.swift:4", live: ["Entry": 1])
        let report = LeakAnalysis.analyze(trace: trace.file)
        #expect(report.verdict == .leaking)
        #expect(report.siteCapture == .sampled(every: 4))
        #expect(report.sitesSampled)
        #expect(report.siteScope == .endOfTrace)
        #expect(report.sites.map(\.fingerprint) == [0xa1, 0xb2])
        #expect(report.sites[0].userFrame == "Screen.swift:12")
        #expect(report.sites[0].frames == ["RxCore.Sink.init", "Screen.swift:12"])
        #expect(report.sites[0].leaked == 3)
        #expect(report.leakedResources == 3)
        #expect(report.distinctLeaks == 1)
    }

    @Test("Repeated type names in a mark add up; a missing string is named by its index")
    func damagedNames() {
        let header = TraceFixture().header
        let mark = { (count: Int64) in
            TraceMark(
                timestamp: 0,
                label: 99,
                thread: 0,
                resourcesTotal: count * 3,
                types: [
                    TraceTypeCount(name: 1, count: count), TraceTypeCount(name: 1, count: count), TraceTypeCount(name: 77, count: count),
                ]
            )
        }
        let file = TraceFile(
            header: header,
            strings: ["", "Sink"],
            probes: [],
            threads: [],
            marks: [mark(1), mark(2), mark(3)],
            openSubscriptions: [],
            sites: []
        )
        let report = LeakAnalysis.analyze(trace: file)
        #expect(report.labels == ["<string 99>", "<string 99>", "<string 99>"])
        #expect(report.types.map(\.name) == ["Sink", "<string 77>"])
        #expect(report.types.map(\.growth) == [2, 1])
        #expect(report.growthPerIteration == 3)
    }
}

@Suite("LeakAnalysis and TraceSummary: hostile numbers")
struct HostileNumberTests {
    @Test("Counts at the limits of Int64 give a report, not a crash")
    func extremeCounts() {
        var fixture = TraceFixture()
        fixture.probe("p")
        fixture.header.siteCapture = .all
        fixture.mark("a", types: ["Sink": .max, "Sink ": .max])
        fixture.mark("b", types: ["Sink": .min, "Sink ": .max])
        fixture.mark("c", types: ["Sink": .max, "Sink ": .min])
        fixture.marks[1].types.append(fixture.marks[1].types[0])
        fixture.site(1, userFrame: "A", live: ["Sink": .max])
        fixture.site(1, userFrame: "A", live: ["Sink": .max])
        let report = LeakAnalysis.analyze(trace: fixture.file)
        #expect(report.iterations == 2)
        #expect(report.types.map(\.name) == ["Sink", "Sink "])
        let summary = TraceSummary(file: fixture.file, records: [])
        #expect(summary.marks.count == 3)
        #expect(
            MarbleDiagram(probe: 0, identifier: "p", file: "f", line: 1, subscriptions: []).render(width: .min)
                == "p  f:1  no subscriptions"
        )
    }
}
