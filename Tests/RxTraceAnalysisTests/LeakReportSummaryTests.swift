import Testing

@testable import RxTraceAnalysis

/// The samples of one leaked subscription per iteration: three types +1 each, one steady.
private let leakedSubscriptionSamples: [LeakSample] = [
    LeakSample(
        label: "warm-up", total: 5,
        types: ["AnonymousObserver<Int>": 1, "CreateSink<Int>": 1, "SubscriptionDisposable": 1, "Observable<Int>": 2]),
    LeakSample(
        label: "iteration 1", total: 8,
        types: ["AnonymousObserver<Int>": 2, "CreateSink<Int>": 2, "SubscriptionDisposable": 2, "Observable<Int>": 2]),
    LeakSample(
        label: "iteration 2", total: 11,
        types: ["AnonymousObserver<Int>": 3, "CreateSink<Int>": 3, "SubscriptionDisposable": 3, "Observable<Int>": 2]),
    LeakSample(
        label: "iteration 3", total: 14,
        types: ["AnonymousObserver<Int>": 4, "CreateSink<Int>": 4, "SubscriptionDisposable": 4, "Observable<Int>": 2]),
]

@Suite("LeakReport: the summary a test log shows")
struct LeakReportSummaryTests {
    @Test("A leak with its sites: verdict, why, totals, growth, types and the top sites")
    func leakingWithSites() {
        let sites = LeakSiteData(
            sites: [
                LeakSiteSample(
                    fingerprint: 0xab,
                    userFrame: "Main.swift:42",
                    frames: ["ResourceCounter.allocated", "Main.swift:42"],
                    live: ["AnonymousObserver<Int>": 1, "CreateSink<Int>": 1]
                ),
                LeakSiteSample(fingerprint: 0x1f, userFrame: "Cache.swift:7", live: ["CacheEntry": 2]),
                LeakSiteSample(fingerprint: 0xab, userFrame: "Main.swift:42", live: ["SubscriptionDisposable": 1]),
            ]
        )
        let report = LeakAnalysis.analyze(samples: leakedSubscriptionSamples, sites: sites)
        #expect(
            report.summary == """
                Leak check: leaking, +3 live resources each time it leaks (3 iterations after the warm-up)
                Why: the total rose in 3 of the 3 iterations (1, 2, 3) and had not stopped: growth that keeps coming back (3 types kept growing).
                Repetitions: 3 after the warm-up (all the samples given); net growth +9
                Live resources: 5 (warm-up), 8 (iteration 1), 11 (iteration 2), 14 (iteration 3)
                Growth of the total per iteration: +3, +3, +3
                Types that kept growing:
                  +1 each rise, rose in 3 of 3 iterations  AnonymousObserver<Int>  (+1, +1, +1)
                  +1 each rise, rose in 3 of 3 iterations  create  (+1, +1, +1)
                  +1 each rise, rose in 3 of 3 iterations  SubscriptionDisposable  (+1, +1, +1)
                Allocation sites (resources of the last iteration still alive): 3 leaked resources, 1 distinct leak
                  3 leaked  Main.swift:42  AnonymousObserver<Int> ×1, create ×1, SubscriptionDisposable ×1  [00000000000000ab]
                  2 live  Cache.swift:7  CacheEntry ×2  [000000000000001f]
                Likely cause: the subscription at Main.swift:42 is never disposed and its source never ends: dispose it (or add it to a dispose bag that is released with its owner), or end the source with `take(until:)`.
                """
        )
        #expect(report.description == report.summary)
    }

    @Test("A leak without sites says they were not captured")
    func leakingWithoutSites() {
        let report = LeakAnalysis.analyze(samples: Array(leakedSubscriptionSamples.prefix(3)))
        #expect(
            report.summary == """
                Leak check: leaking, +3 live resources each time it leaks (2 iterations after the warm-up)
                Why: the total rose in 2 of the 2 iterations (1, 2) and had not stopped: growth that keeps coming back (3 types kept growing).
                Repetitions: 2 after the warm-up (all the samples given); net growth +6
                Live resources: 5 (warm-up), 8 (iteration 1), 11 (iteration 2)
                Growth of the total per iteration: +3, +3
                Types that kept growing:
                  +1 each rise, rose in 2 of 2 iterations  AnonymousObserver<Int>  (+1, +1)
                  +1 each rise, rose in 2 of 2 iterations  create  (+1, +1)
                  +1 each rise, rose in 2 of 2 iterations  SubscriptionDisposable  (+1, +1)
                Allocation sites: not captured; capture them to see the lines of code that made the leaked resources.
                Likely cause: the subscription is never disposed and its source never ends: dispose it (or add it to a dispose bag that is released with its owner), or end the source with `take(until:)`.
                """
        )
    }

    @Test("A cache that filled once: clean, the type listed as changed")
    func cleanAfterCacheFill() {
        let report = LeakAnalysis.analyze(samples: [
            LeakSample(label: "warm-up", total: 2, types: ["Sink": 2]),
            LeakSample(label: "iteration 1", total: 7, types: ["Sink": 2, "CacheEntry": 5]),
            LeakSample(label: "iteration 2", total: 7, types: ["Sink": 2, "CacheEntry": 5]),
            LeakSample(label: "iteration 3", total: 7, types: ["Sink": 2, "CacheEntry": 5]),
            LeakSample(label: "iteration 4", total: 7, types: ["Sink": 2, "CacheEntry": 5]),
            LeakSample(label: "iteration 5", total: 7, types: ["Sink": 2, "CacheEntry": 5]),
            LeakSample(label: "iteration 6", total: 7, types: ["Sink": 2, "CacheEntry": 5]),
        ])
        #expect(
            report.summary == """
                Leak check: clean (6 iterations after the warm-up)
                Why: the total rose in iteration 1, then stopped: 5 iterations without a rise (a cache filling up, not a leak).
                Repetitions: 6 after the warm-up (all the samples given); net growth +5
                Live resources: 2 (warm-up), 7 (iteration 1), 7 (iteration 2), 7 (iteration 3), 7 (iteration 4), 7 (iteration 5), 7 (iteration 6)
                Growth of the total per iteration: +5, 0, 0, 0, 0, 0
                Types that changed:
                  CacheEntry  (+5, 0, 0, 0, 0, 0)
                """
        )
    }

    @Test("No iterations: one line of why, the baseline, nothing else")
    func inconclusiveWithoutIterations() {
        let report = LeakAnalysis.analyze(samples: [LeakSample(label: "", total: 3)])
        #expect(
            report.summary == """
                Leak check: inconclusive (no iterations after the warm-up)
                Why: no iterations were measured: a leak check takes a sample after the warm-up and one after each of at least 2 iterations.
                Live resources: 3
                """
        )
    }

    @Test("An allowance, sampled sites of a leak, and a growing type next to a leaking one")
    func allowanceAndSampledSites() {
        let report = LeakAnalysis.analyze(
            samples: [
                LeakSample(label: "a", total: 0, types: [:]),
                LeakSample(label: "b", total: 4, types: ["Timer": 2, "Buffer": 2]),
                LeakSample(label: "c", total: 6, types: ["Timer": 4, "Buffer": 2]),
            ],
            allowedGrowth: 1,
            sites: LeakSiteData(
                sites: [LeakSiteSample(fingerprint: 0xdead_beef, userFrame: "", live: ["Timer": 1])],
                capture: .sampled(every: 8)
            )
        )
        #expect(report.sitesSampled)
        #expect(
            report.summary == """
                Leak check: leaking, +2 live resources each time it leaks (2 iterations after the warm-up)
                Why: the total rose beyond the allowed 1 per iteration in 2 of the 2 iterations (1, 2) and had not stopped: growth that keeps coming back (1 type kept growing).
                Repetitions: 2 after the warm-up (all the samples given); net growth +6
                Live resources: 0 (a), 4 (b), 6 (c)
                Growth of the total per iteration: +4, +2 (allowed: +1)
                Types that kept growing:
                  +2 each rise, rose in 2 of 2 iterations  Timer  (+2, +2)
                Other types that changed:
                  Buffer  (+2, 0)
                Allocation sites (resources of the last iteration still alive, sampled 1 in 8): 1 leaked resource, 1 distinct leak
                  1 leaked  (unknown frame)  Timer ×1  [00000000deadbeef]
                """
        )
    }

    @Test("Long lists stop after 10 types and 5 sites and say how many more")
    func longListsAreCut() {
        let names = (1...12).map { "Type\(String($0 + 10))" }
        let counts = (0...2).map { step in Dictionary(uniqueKeysWithValues: names.map { ($0, step) }) }
        let sites = (1...7).map { index in
            LeakSiteSample(fingerprint: UInt64(index), userFrame: "F\(index).swift:1", live: [names[0]: 8 - index])
        }
        let report = LeakAnalysis.analyze(
            samples: counts.map { LeakSample(label: "", total: $0.values.reduce(0, +), types: $0) },
            sites: LeakSiteData(sites: sites, capture: .all, scope: .endOfTrace)
        )
        let lines = report.summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 5 + 1 + 10 + 1 + 1 + 5 + 1)
        #expect(lines[16] == "  … and 2 more")
        #expect(
            lines[17]
                == "Allocation sites (resources alive when the trace was written): 28 leaked resources, 7 distinct leaks"
        )
        #expect(lines[18] == "  7 leaked  F1.swift:1  Type11 ×7  [0000000000000001]")
        #expect(lines[23] == "  … and 2 more sites")
    }
}
