import Testing

@testable import RxTraceAnalysis

/// A sample whose total is the sum of its type counts.
private func sample(_ label: String, _ types: [String: Int]) -> LeakSample {
    LeakSample(label: label, total: types.values.reduce(0, +), types: types)
}

/// Samples labelled `warm-up`, `iteration 1`, … from per-type count lists.
private func samples(_ counts: [String: [Int]]) -> [LeakSample] {
    let length = counts.values.map(\.count).max() ?? 0
    return (0..<length).map { index in
        sample(index == 0 ? "warm-up" : "iteration \(index)", counts.mapValues { $0[index] })
    }
}

@Suite("LeakAnalysis: the verdict rule")
struct LeakAnalysisTests {
    @Test("One leaked subscription per iteration (three types, +1 each) is a leak of 3 per iteration")
    func oneLeakedSubscriptionPerIteration() {
        let report = LeakAnalysis.analyze(
            samples: samples([
                "AnonymousObserver<Int>": [1, 2, 3, 4],
                "CreateSink<Int>": [1, 2, 3, 4],
                "SubscriptionDisposable": [1, 2, 3, 4],
                "Observable<Int>": [2, 2, 2, 2],
            ]))
        #expect(report.verdict == .leaking)
        #expect(report.iterations == 3)
        #expect(report.totals == [5, 8, 11, 14])
        #expect(report.growth == [3, 3, 3])
        #expect(report.growthPerIteration == 3)
        #expect(report.types.map(\.name) == ["AnonymousObserver<Int>", "CreateSink<Int>", "SubscriptionDisposable"])
        #expect(report.types.map(\.growth) == [1, 1, 1])
        #expect(report.types.map(\.leaking) == [true, true, true])
        #expect(report.types[0].series == [1, 1, 1])
        #expect(report.types[0].counts == [1, 2, 3, 4])
        #expect(report.types[0].iterationsGrown == 3)
        #expect(report.types[0].rises == [1, 2, 3])
        #expect(report.netGrowth == 9)
        #expect(report.stop == .allSamples)
        #expect(
            report.reason
                == "the total rose in 3 of the 3 iterations (1, 2, 3) and had not stopped: growth that keeps coming back (3 types kept growing)"
        )
    }

    @Test("A lazy static created during the warm-up is clean")
    func lazyStaticAfterWarmUp() {
        let report = LeakAnalysis.analyze(
            samples: samples([
                "SharedObservable": [1, 1, 1, 1],
                "Sink": [0, 0, 0, 0],
            ]))
        #expect(report.verdict == .clean)
        #expect(report.growth == [0, 0, 0])
        #expect(report.growthPerIteration == 0)
        #expect(report.types.isEmpty)
        #expect(report.reason == "nothing grew after the warm-up")
    }

    @Test("A cache that fills during the first measured iteration and then stays 5 iterations is clean")
    func cacheFillsOnce() {
        let report = LeakAnalysis.analyze(
            samples: samples([
                "CacheEntry": [0, 5, 5, 5, 5, 5, 5],
                "Sink": [2, 2, 2, 2, 2, 2, 2],
            ]))
        #expect(report.verdict == .clean)
        #expect(report.growth == [5, 0, 0, 0, 0, 0])
        #expect(report.growthPerIteration == 0)
        #expect(report.types.map(\.name) == ["CacheEntry"])
        #expect(report.types[0].leaking == false)
        #expect(report.types[0].growth == 0)
        #expect(report.types[0].series == [5, 0, 0, 0, 0, 0])
        #expect(
            report.reason
                == "the total rose in iteration 1, then stopped: 5 iterations without a rise (a cache filling up, not a leak)"
        )
        // Four quiet iterations after the rise are too few to tell: never clean while it may grow.
        let early = LeakAnalysis.analyze(samples: samples(["CacheEntry": [0, 5, 5, 5, 5, 5]]))
        #expect(early.verdict == .inconclusive)
    }

    @Test("Irregular growth +2, -1, +1 is inconclusive")
    func irregularGrowth() {
        let report = LeakAnalysis.analyze(samples: samples(["Sink": [4, 6, 5, 6]]))
        #expect(report.verdict == .inconclusive)
        #expect(report.growth == [2, -1, 1])
        #expect(report.growthPerIteration == 0)
        #expect(report.types.map(\.leaking) == [false])
        #expect(
            report.reason
                == "the total rose in iteration 1 and too few iterations followed to tell whether that growth repeats (it takes 5 without a rise); run more iterations"
        )
    }

    @Test("Growth in the last iteration only is inconclusive")
    func growthOnlyInTheLastIteration() {
        let report = LeakAnalysis.analyze(samples: samples(["Sink": [3, 3, 3, 4]]))
        #expect(report.verdict == .inconclusive)
        #expect(report.growth == [0, 0, 1])
        #expect(report.growthPerIteration == 0)
    }

    @Test("Shrinking in the last iteration is not a quiet iteration: inconclusive")
    func shrinkingInTheLastIteration() {
        let report = LeakAnalysis.analyze(samples: samples(["Sink": [3, 4, 4, 3]]))
        #expect(report.verdict == .inconclusive)
        #expect(report.growth == [1, 0, -1])
    }

    @Test("One iteration is never enough, even with growth: inconclusive with the reason")
    func oneIterationOnly() {
        let report = LeakAnalysis.analyze(samples: samples(["Sink": [1, 2]]))
        #expect(report.verdict == .inconclusive)
        #expect(report.iterations == 1)
        #expect(report.growth == [1])
        #expect(report.growthPerIteration == 0)
        #expect(report.types.map(\.leaking) == [false])
        #expect(
            report.reason
                == "only 1 iteration was measured: a leak is growth that repeats, so it takes at least 2 iterations"
        )
        let quiet = LeakAnalysis.analyze(samples: samples(["Sink": [1, 1]]))
        #expect(quiet.verdict == .inconclusive)
    }

    @Test("Zero iterations (only the baseline, or nothing at all) are inconclusive")
    func zeroIterations() {
        let reason =
            "no iterations were measured: a leak check takes a sample after the warm-up and one after each of at least 2 iterations"
        let baselineOnly = LeakAnalysis.analyze(samples: [sample("warm-up", ["Sink": 3])])
        #expect(baselineOnly.verdict == .inconclusive)
        #expect(baselineOnly.iterations == 0)
        #expect(baselineOnly.totals == [3])
        #expect(baselineOnly.growth == [])
        #expect(baselineOnly.reason == reason)
        let nothing = LeakAnalysis.analyze(samples: [])
        #expect(nothing.verdict == .inconclusive)
        #expect(nothing.iterations == 0)
        #expect(nothing.totals == [])
        #expect(nothing.labels == [])
        #expect(nothing.reason == reason)
    }

    @Test("Growth within the allowance is clean; beyond it, a leak")
    func allowance() {
        let oneEach = samples(["Timer": [0, 1, 2, 3]])
        let tolerated = LeakAnalysis.analyze(samples: oneEach, allowedGrowth: 1)
        #expect(tolerated.verdict == .clean)
        #expect(tolerated.allowedGrowth == 1)
        #expect(tolerated.growthPerIteration == 1)
        #expect(tolerated.types.map(\.leaking) == [true])
        #expect(tolerated.reason == "nothing grew beyond the allowed 1 per iteration after the warm-up")
        #expect(LeakAnalysis.analyze(samples: oneEach).verdict == .leaking)

        let twoEach = LeakAnalysis.analyze(samples: samples(["Timer": [0, 2, 4, 6]]), allowedGrowth: 1)
        #expect(twoEach.verdict == .leaking)
        #expect(twoEach.growthPerIteration == 2)
        #expect(
            twoEach.reason
                == "the total rose beyond the allowed 1 per iteration in 3 of the 3 iterations (1, 2, 3) and had not stopped: growth that keeps coming back (1 type kept growing)"
        )

        // Within the allowance in one iteration only: the excess still keeps coming back.
        let mixed = LeakAnalysis.analyze(samples: samples(["Timer": [0, 2, 3, 5]]), allowedGrowth: 1)
        #expect(mixed.verdict == .leaking)
        #expect(mixed.growthPerIteration == 1)
    }

    @Test("A negative allowance counts as 0")
    func negativeAllowance() {
        let report = LeakAnalysis.analyze(samples: samples(["Sink": [2, 2, 2]]), allowedGrowth: -3)
        #expect(report.allowedGrowth == 0)
        #expect(report.verdict == .clean)
    }

    @Test("A type that grows while another shrinks by as much is inconclusive, not a leak")
    func growWhileOthersShrink() {
        let balanced = LeakAnalysis.analyze(
            samples: samples([
                "Sink": [1, 2, 3, 4],
                "PooledBuffer": [9, 8, 7, 6],
            ]))
        #expect(balanced.verdict == .inconclusive)
        #expect(balanced.growth == [0, 0, 0])
        #expect(balanced.growthPerIteration == 1)
        #expect(balanced.types.map(\.name) == ["Sink", "PooledBuffer"])
        #expect(balanced.types.map(\.leaking) == [true, false])
        #expect(
            balanced.reason
                == "the total stopped growing, but Sink still rose recently while others shrank; run more iterations"
        )

        let netGrowth = LeakAnalysis.analyze(
            samples: samples([
                "Sink": [1, 3, 5, 7],
                "PooledBuffer": [9, 8, 7, 6],
            ]))
        #expect(netGrowth.verdict == .leaking)
        #expect(netGrowth.growth == [1, 1, 1])
        #expect(netGrowth.growthPerIteration == 2)
        #expect(netGrowth.types.map(\.growth) == [2, 0])
    }

    @Test("The steady growth of a type is its smallest growth; leaking types come first, largest first")
    func steadyGrowthIsTheMinimum() {
        let report = LeakAnalysis.analyze(
            samples: samples([
                "B": [0, 1, 2, 3],
                "A": [0, 3, 5, 9],
                "C": [0, 0, 4, 4],
                "D": [0, 1, 2, 3],
            ]))
        #expect(report.verdict == .leaking)
        #expect(report.types.map(\.name) == ["A", "B", "D", "C"])
        #expect(report.types.map(\.growth) == [2, 1, 1, 0])
        #expect(report.growthPerIteration == 4)
        #expect(report.growth == [5, 8, 6])
    }

    @Test("A type missing from a sample counts 0")
    func missingTypesCountZero() {
        let report = LeakAnalysis.analyze(samples: [
            LeakSample(label: "warm-up", total: 0, types: [:]),
            LeakSample(label: "iteration 1", total: 1, types: ["Sink": 1]),
            LeakSample(label: "iteration 2", total: 2, types: ["Sink": 2]),
        ])
        #expect(report.verdict == .leaking)
        #expect(report.types.map(\.counts) == [[0, 1, 2]])
    }

    @Test("Samples fed one by one give the same report")
    func appendingSamples() {
        var analysis = LeakAnalysis(allowedGrowth: 0)
        for count in [1, 2, 3] {
            analysis.append(sample("run", ["Sink": count]))
        }
        #expect(analysis.report() == LeakAnalysis.analyze(samples: analysis.samples))
        #expect(analysis.report().verdict == .leaking)
    }

    @Test("The examples of the documentation hold")
    func documentedExamples() {
        let analysis = LeakAnalysis(samples: [
            LeakSample(label: "warm-up", total: 4, types: ["Sink": 4]),
            LeakSample(label: "iteration 1", total: 5, types: ["Sink": 5]),
            LeakSample(label: "iteration 2", total: 6, types: ["Sink": 6]),
        ])
        #expect(analysis.report().verdict == .leaking)
        #expect(analysis.report().growthPerIteration == 1)
        let report = LeakAnalysis.analyze(samples: [
            LeakSample(label: "warm-up", total: 10, types: ["Sink": 4]),
            LeakSample(label: "iteration 1", total: 11, types: ["Sink": 5]),
            LeakSample(label: "iteration 2", total: 12, types: ["Sink": 6]),
        ])
        #expect(
            report.description.hasPrefix(
                """
                Leak check: leaking, +1 live resource each time it leaks (2 iterations after the warm-up)
                Why: the total rose in 2 of the 2 iterations (1, 2) and had not stopped: growth that keeps coming back (1 type kept growing).
                """)
        )
    }
}
