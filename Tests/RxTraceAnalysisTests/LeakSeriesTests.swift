import Testing

@testable import RxTraceAnalysis

/// The series that motivate the whole-series rule, fed the way `LeakCheck.run` feeds them: one
/// sample after the warm-up, then one per iteration, stopping when ``LeakAnalysis/isClear(minimumIterations:)``
/// says so or at the limit.
@Suite("LeakAnalysis: the motivating series")
struct LeakSeriesTests {
    /// Runs the adaptive loop over `leaked(run)` (resources a run leaves; run 0 is the warm-up)
    /// and returns the report, as `LeakCheck.run` would with its defaults.
    private func check(minimum: Int = 4, limit: Int = 16, _ leaked: (Int) -> Int) -> LeakReport {
        var analysis = LeakAnalysis(iterationLimit: limit)
        var live = leaked(0)
        analysis.append(LeakSample(label: "warm-up", total: live, types: ["Sink": live]))
        for iteration in 1...limit {
            live += leaked(iteration)
            analysis.append(LeakSample(label: "iteration \(iteration)", total: live, types: ["Sink": live]))
            if analysis.isClear(minimumIterations: minimum) { break }
        }
        return analysis.report()
    }

    /// A bounded cache of `size` entries: every run adds one until it is full.
    private func cache(_ size: Int) -> (Int) -> Int {
        { run in run < size ? 1 : 0 }
    }

    @Test("A leak every 2nd or 3rd repetition is leaking, in every phase", arguments: [2, 3, 4], [0, 1, 2, 3])
    func intermittent(every period: Int, phase: Int) {
        guard phase < period else { return }
        let report = check { run in run % period == phase ? 1 : 0 }
        #expect(report.verdict == .leaking, "every \(period), phase \(phase): \(report.reason)")
        #expect(report.stop == .limit)
        #expect(report.iterations == 16)
        #expect(report.growthPerIteration == 1)
        #expect(report.types.first?.leaking == true)
    }

    @Test("The old last-step rule called a leak every other repetition clean; this one never does")
    func everyOtherIsNotCleanAfterThreeIterations() {
        // Warm-up leaks, iteration 1 does not, iteration 2 does, iteration 3 does not.
        let three = LeakAnalysis.analyze(samples: [4, 4, 5, 5].map { LeakSample(label: "", total: $0, types: ["Sink": $0]) })
        #expect(three.verdict == .inconclusive)
    }

    @Test("A bounded cache of 3, 5 or 10 is clean, and the check stops as soon as that is clear", arguments: [3, 5, 10])
    func boundedCache(size: Int) {
        let report = check(cache(size))
        #expect(report.verdict == .clean, "\(report.reason)")
        #expect(report.stop == .clear)
        // It grows for size − 1 iterations, then needs 5 quiet ones (the longest gap is 1).
        #expect(report.iterations == max(size - 1 + 5, 4))
        #expect(report.netGrowth == size - 1)
    }

    @Test("A cache whose filling never stops within the limit is a leak: the limit is the largest cache it can tell")
    func cacheLargerThanTheLimit() {
        #expect(check(cache(40)).verdict == .leaking)
    }

    @Test("A leak that starts only after the warm-up is leaking (up to the minimum of 4 iterations)", arguments: [1, 2, 4])
    func leakStartingLater(from start: Int) {
        let report = check { run in run >= start ? 1 : 0 }
        #expect(report.verdict == .leaking, "\(report.reason)")
        #expect(report.types.first?.rises.first == start)
    }

    @Test("Nothing grows: clean after the minimum, no more")
    func cleanIsFast() {
        let report = check { _ in 0 }
        #expect(report.verdict == .clean)
        #expect(report.iterations == 4)
        #expect(report.stop == .clear)
        #expect(report.reason == "nothing grew after the warm-up")
    }

    @Test("Never clean while growing: any series whose last iteration rose is not clean")
    func neverCleanWhileGrowing() {
        // Every 0/1 series of up to 8 iterations that rises in its last iteration.
        for length in 2...8 {
            for bits in 0..<(1 << length) where bits & (1 << (length - 1)) != 0 {
                var total = 10
                var samples = [LeakSample(label: "", total: total)]
                for index in 0..<length {
                    total += (bits >> index) & 1
                    samples.append(LeakSample(label: "", total: total))
                }
                #expect(LeakAnalysis.analyze(samples: samples).verdict != .clean, "\(samples.map(\.total))")
            }
        }
    }

    @Test("The same series gives the same verdict every time (no state, no clock)")
    func deterministic() {
        let first = (2...4).map { period in check { $0 % period == 0 ? 1 : 0 }.verdict }
        for _ in 0..<50 {
            #expect((2...4).map { period in check { $0 % period == 0 ? 1 : 0 }.verdict } == first)
        }
    }

    @Test("Growth that shrinks back (work finishing late) is not a rise")
    func upAndDownIsNotGrowth() {
        let trend = LeakTrend(levels: [5, 6, 5, 6, 5, 5, 5, 5])
        #expect(trend.rises == [1])
        #expect(trend.hasStopped)
        let report = LeakAnalysis.analyze(samples: [5, 6, 5, 6, 5, 5, 5, 5].map { LeakSample(label: "", total: $0) })
        #expect(report.verdict == .clean)
    }

    @Test("Trend: gaps and the quiet stretch needed")
    func trendArithmetic() {
        let every3 = LeakTrend(levels: [0, 0, 0, 1, 1, 1, 2, 2])
        #expect(every3.rises == [3, 6])
        #expect(every3.longestGap == 3)
        #expect(every3.quietNeeded == 7)
        #expect(every3.keepsGrowing)
        let none = LeakTrend(levels: [3, 3, 2])
        #expect(none.rises.isEmpty)
        #expect(none.hasStopped)
        #expect(none.keepsGrowing == false)
    }
}

@Suite("Readable type names")
struct TypeNameTextTests {
    @Test("A sink chain reads as the operators, outermost first")
    func sinkChain() {
        #expect(
            TypeNameText.readable(
                "DebugSink<DistinctUntilChangedSink<FlatMapLatestSink<String, Observable<Array<String>>, AnonymousObserver<Array<String>>>>>"
            ) == "debug ← distinctUntilChanged ← flatMapLatest ← AnonymousObserver"
        )
        #expect(TypeNameText.readable("MapSink<Int, AnonymousObserver<Int>>") == "map ← AnonymousObserver")
    }

    @Test("Short names stay; long generic names keep the outer type")
    func otherNames() {
        #expect(TypeNameText.readable("PublishSubject<String>") == "PublishSubject<String>")
        #expect(TypeNameText.readable("DisposeBag") == "DisposeBag")
        #expect(
            TypeNameText.readable("ReplaySubject<Dictionary<String, Array<Optional<Int>>>>") == "ReplaySubject<…>"
        )
        #expect(TypeNameText.readable("Sink") == "Sink")
    }

    @Test("Tuples and closures inside arguments do not confuse the reader; broken names stay whole")
    func awkwardNames() {
        #expect(TypeNameText.readable("MapSink<(Int, String), AnonymousObserver<(Int) -> ()>>") == "map ← AnonymousObserver")
        #expect(TypeNameText.readable("MapSink<Int, Broken") == "MapSink<Int, Broken")
    }

    @Test("Reports show readable names; the full one is in JSON and behind fullTypeNames")
    func inReports() {
        let name = "MapSink<Int, AnonymousObserver<Int>>"
        let report = LeakAnalysis.analyze(samples: [1, 2, 3].map { LeakSample(label: "", total: $0, types: [name: $0]) })
        #expect(report.types[0].name == name)
        #expect(report.types[0].displayName == "map ← AnonymousObserver")
        #expect(report.summary.contains("map ← AnonymousObserver"))
        #expect(!report.summary.contains(name))
        #expect(report.summary(fullTypeNames: true).contains(name))
    }
}
