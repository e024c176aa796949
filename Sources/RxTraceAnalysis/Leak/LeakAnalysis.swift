/// The leak verdict over repeated runs of a scenario, judged on the whole series of counts
/// since the baseline: a leak is growth that keeps coming back.
///
/// The procedure is RxSwift's manual one, made precise: run the scenario once to warm up
/// (lazy statics, caches and shared observables may appear during that run and stay), take a
/// sample of the live resource counts, then run it again and again, taking a sample after each
/// iteration. Like the "leaked N times in N iterations" signal of fuite and LeakCanary, growth
/// that comes back is a leak and growth that stops is not; unlike a rule that looks at the
/// last step only, a leak every other (or every third) repetition is still a leak, and a
/// cache that takes ten repetitions to fill is still clean.
///
/// ## The rule
///
/// Samples `s0` (the baseline, after the warm-up) to `sn` (after iteration `n`), an allowed
/// growth `A ≥ 0` per iteration. The series judged is the *excess* of the total,
/// `E(i) = total(s_i) − total(s_0) − A·i`, and, for naming the types, each type's count.
///
/// 1. **Rises.** Iteration `i` is a *rise* of a series when its value is above every earlier
///    value, the baseline included. Going up and back down is not a rise; a leak every k-th
///    repetition rises every k iterations.
/// 2. **Stopped.** With `g` the longest run of iterations from the baseline or one rise to the
///    next, the growth has *stopped* once `max(2·g + 1, 5)` iterations have passed without a
///    rise (a series that never rose has stopped). A leak every third repetition (`g = 3`)
///    would need 7 quiet iterations, and gets a rise every 3: it never looks stopped. The floor
///    of 5 keeps a leak every 4th or 5th repetition whose first rise came right after the
///    baseline from looking like a small cache.
/// 3. **leaking**: the excess of the total rose in at least 2 iterations and has not stopped
///    by the last sample. The types that keep growing (the same test on their counts) are the
///    ones named.
/// 4. **clean**: at least 2 iterations, the excess of the total has stopped (or never rose),
///    the last iteration left no more than `A` new resources and shrank nothing (`0 ≤ G(n) ≤ A`,
///    no type lower), and, with `A = 0`, no type's count is still rising.
/// 5. **inconclusive**: anything else: fewer than 2 iterations, a single rise too recent to
///    tell, or counts still moving (going down, or one type replacing another).
///
/// An in-process check (`LeakCheck.run`) repeats the scenario until the verdict is clear, up
/// to a limit: it stops early only on *clean* (after its minimum number of iterations), since
/// a steady leak and a cache still filling up look the same until the cache is full. The
/// limit (16 by default) sets the largest cache it can tell from a leak: one that fills within
/// 12 repetitions (11 rises, then 5 quiet iterations). The minimum (4 by default) sets the
/// rarest leak it finds in any phase: every 4th repetition. ``isClear(minimumIterations:)`` is
/// that early test.
///
/// ## Worked examples (A = 0, one sample after the warm-up and after each iteration)
///
/// | scenario | totals | rises | verdict |
/// | --- | --- | --- | --- |
/// | steady leak | 4, 5, 6, … 20 | every iteration | leaking |
/// | leak every 2nd run | 4, 4, 5, 5, 6, … | 2, 4, 6, … (g = 2, needs 5 quiet) | leaking |
/// | leak every 3rd run | 4, 4, 4, 5, 5, 5, 6, … | 3, 6, 9, … (g = 3, needs 7 quiet) | leaking |
/// | cache of 5 | 4, 5, 6, 7, 8, 8, 8, 8, 8, 8 | 1–4 (g = 1, needs 5 quiet) | clean after 9 |
/// | cache of 10 | 4, 5, … 13, then 13 five times | 1–9 | clean after 14 |
/// | nothing grows | 4, 4, 4, 4, 4 | none | clean after the minimum |
///
/// Before the rule judged the whole series, the leak every 2nd run was called clean (its last
/// step was 0) and the cache of five leaking (it grew in each of 3 iterations).
///
/// ```swift
/// let analysis = LeakAnalysis(samples: [
///     LeakSample(label: "warm-up", total: 4, types: ["Sink": 4]),
///     LeakSample(label: "iteration 1", total: 5, types: ["Sink": 5]),
///     LeakSample(label: "iteration 2", total: 6, types: ["Sink": 6]),
/// ])
/// analysis.report().verdict            // .leaking
/// analysis.report().growthPerIteration // 1
/// ```
public struct LeakAnalysis: Sendable, Hashable {
    /// The samples: after the warm-up first, then one after each iteration.
    public var samples: [LeakSample]
    /// The growth of the total per iteration that is tolerated; negative values count as 0.
    public var allowedGrowth: Int
    /// The allocation sites, when they were collected.
    public var sites: LeakSiteData?
    /// The most iterations the check runs, when it repeats until the verdict is clear; `nil`
    /// when the samples are given (a trace's marks).
    public var iterationLimit: Int?

    /// Creates an analysis.
    ///
    /// - Parameters:
    ///   - samples: The sample after the warm-up, then one after each iteration.
    ///   - allowedGrowth: The growth of the total per iteration that is tolerated.
    ///   - sites: The allocation sites, when collected.
    ///   - iterationLimit: The most iterations an adaptive check runs; `nil` for given samples.
    public init(samples: [LeakSample] = [], allowedGrowth: Int = 0, sites: LeakSiteData? = nil, iterationLimit: Int? = nil) {
        self.samples = samples
        self.allowedGrowth = allowedGrowth
        self.sites = sites
        self.iterationLimit = iterationLimit
    }

    /// Adds the sample taken after the next iteration (or, first, after the warm-up).
    public mutating func append(_ sample: LeakSample) {
        samples.append(sample)
    }

    /// The iterations measured so far: one less than the samples.
    public var iterations: Int {
        max(samples.count - 1, 0)
    }

    /// Whether more iterations can no longer change the verdict: the rule already says clean
    /// with at least `minimumIterations` iterations. Only *clean* is ever clear early: growth
    /// may yet stop (a cache filling), and a quiet stretch may yet end (a leak every k-th run
    /// whose next rise is due).
    ///
    /// - Parameter minimumIterations: The fewest iterations a clean verdict needs; at least 2.
    public func isClear(minimumIterations: Int) -> Bool {
        guard iterations >= max(minimumIterations, 2) else { return false }
        return Self.judge(Self.Series(samples: samples, allowance: max(allowedGrowth, 0))).0 == .clean
    }

    /// The iterations at which the excess of the total rose above every earlier sample.
    public var rises: [Int] {
        Series(samples: samples, allowance: max(allowedGrowth, 0)).total.rises
    }

    /// Applies the rule to the samples.
    ///
    /// - Returns: The verdict with the counts, types and sites behind it.
    public func report() -> LeakReport {
        let allowance = max(allowedGrowth, 0)
        let series = Series(samples: samples, allowance: allowance)
        let totals = samples.map(\.total)
        let growth = Self.differences(totals)
        let allTypes = series.types
        let leakingNames = Set(allTypes.filter(\.leaking).map(\.name))
        let growthPerIteration = allTypes.reduce(0) { $0 &+ $1.growth }
        let (verdict, reason) = Self.judge(series)
        let stop: LeakStop
        if let iterationLimit {
            stop = iterations >= iterationLimit ? .limit : .clear
        } else {
            stop = .allSamples
        }
        return LeakReport(
            verdict: verdict,
            reason: reason,
            stop: stop,
            iterationLimit: iterationLimit,
            allowedGrowth: allowance,
            labels: samples.map(\.label),
            totals: totals,
            growth: growth,
            growthPerIteration: growthPerIteration,
            types: Self.ordered(allTypes.filter { $0.series.contains { $0 != 0 } }),
            sites: Self.mergedSites(sites?.sites ?? [], leaking: leakingNames),
            siteCapture: sites?.capture ?? .off,
            siteScope: sites?.scope ?? .lastIteration
        )
    }

    /// Applies the rule to `samples`; the same as building a ``LeakAnalysis`` and asking for its
    /// ``report()``.
    public static func analyze(samples: [LeakSample], allowedGrowth: Int = 0, sites: LeakSiteData? = nil) -> LeakReport {
        LeakAnalysis(samples: samples, allowedGrowth: allowedGrowth, sites: sites).report()
    }

    // MARK: - The rule

    /// The series the rule reads: the excess of the total and each type's counts.
    struct Series {
        let iterations: Int
        let allowance: Int
        let growth: [Int]
        let total: LeakTrend
        let typeTrends: [String: LeakTrend]
        let types: [LeakTypeGrowth]

        init(samples: [LeakSample], allowance: Int) {
            iterations = max(samples.count - 1, 0)
            self.allowance = allowance
            let totals = samples.map(\.total)
            growth = LeakAnalysis.differences(totals)
            let base = totals.first ?? 0
            total = LeakTrend(levels: totals.enumerated().map { $1 &- base &- allowance &* $0 })
            var names = Set<String>()
            for sample in samples {
                names.formUnion(sample.types.keys)
            }
            var trends: [String: LeakTrend] = [:]
            types = names.sorted().map { name in
                let counts = samples.map { $0.types[name] ?? 0 }
                let trend = LeakTrend(levels: counts)
                trends[name] = trend
                let leaking = trend.keepsGrowing
                return LeakTypeGrowth(
                    name: name,
                    growth: leaking ? trend.smallestRise : 0,
                    leaking: leaking,
                    series: LeakAnalysis.differences(counts),
                    counts: counts,
                    rises: trend.rises
                )
            }
            typeTrends = trends
        }
    }

    private static func judge(_ series: Series) -> (LeakVerdict, String) {
        let iterations = series.iterations
        if iterations == 0 {
            return (
                .inconclusive,
                "no iterations were measured: a leak check takes a sample after the warm-up and one after each of at least 2 iterations"
            )
        }
        if iterations == 1 {
            return (
                .inconclusive,
                "only 1 iteration was measured: a leak is growth that repeats, so it takes at least 2 iterations"
            )
        }
        let total = series.total
        let allowance = series.allowance
        let beyond = allowance == 0 ? "" : " beyond the allowed \(allowance) per iteration"
        if total.keepsGrowing {
            let count = series.types.count(where: \.leaking)
            let named = count == 0 ? "" : " (\(LeakText.counted(count, "type")) kept growing)"
            return (
                .leaking,
                "the total rose\(beyond) in \(total.rises.count) of the \(iterations) iterations (\(Self.list(total.rises))) and had not stopped: growth that keeps coming back\(named)"
            )
        }
        if !total.hasStopped {
            return (
                .inconclusive,
                "the total rose\(beyond) in iteration \(total.rises.last ?? 0) and too few iterations followed to tell whether that growth repeats (it takes \(total.quietNeeded) without a rise); run more iterations"
            )
        }
        let last = series.types.map { $0.series.last ?? 0 }
        let lastTotal = series.growth.last ?? 0
        let quiet = last.allSatisfy { $0 >= 0 } && last.reduce(0, &+) <= allowance && (0...allowance).contains(lastTotal)
        let stillRising = allowance == 0 ? series.types.filter { !(series.typeTrends[$0.name]?.hasStopped ?? true) } : []
        guard quiet, stillRising.isEmpty else {
            if !stillRising.isEmpty {
                let names = stillRising.prefix(3).map(\.displayName).joined(separator: ", ")
                return (
                    .inconclusive,
                    "the total stopped growing, but \(names) still rose recently while others shrank; run more iterations"
                )
            }
            return (
                .inconclusive,
                "the counts still moved in the last iteration (total growth per iteration: \(LeakText.signed(series.growth))); run more iterations or let scheduled work settle"
            )
        }
        if total.rises.isEmpty {
            return (
                .clean,
                allowance == 0
                    ? "nothing grew after the warm-up" : "nothing grew beyond the allowed \(allowance) per iteration after the warm-up"
            )
        }
        return (
            .clean,
            "the total rose\(beyond) in \(total.rises.count == 1 ? "iteration" : "iterations") \(Self.list(total.rises)), then stopped: \(total.quietIterations) iterations without a rise (a cache filling up, not a leak)"
        )
    }

    /// `1, 2, 3` or `2, 4, 6, …, 16` for long lists.
    private static func list(_ values: [Int]) -> String {
        if values.count <= 6 { return values.map(String.init).joined(separator: ", ") }
        return (values.prefix(3).map(String.init) + ["…", String(values.last ?? 0)]).joined(separator: ", ")
    }

    // MARK: - Parts

    /// `values[i] - values[i - 1]` for each `i` after the first.
    static func differences(_ values: [Int]) -> [Int] {
        zip(values, values.dropFirst()).map { $1 &- $0 }
    }

    /// Leaking types first, the largest growth first, then the others; ties by name.
    private static func ordered(_ types: [LeakTypeGrowth]) -> [LeakTypeGrowth] {
        types.sorted { left, right in
            if left.leaking != right.leaking { return left.leaking }
            if left.growth != right.growth { return left.growth > right.growth }
            return left.name < right.name
        }
    }

    /// The sites merged by fingerprint, with their leaked counts, in report order.
    private static func mergedSites(_ samples: [LeakSiteSample], leaking: Set<String>) -> [LeakSite] {
        var order: [UInt64] = []
        var merged: [UInt64: LeakSiteSample] = [:]
        for sample in samples {
            if var existing = merged[sample.fingerprint] {
                existing.live.merge(sample.live, uniquingKeysWith: &+)
                if existing.userFrame.isEmpty { existing.userFrame = sample.userFrame }
                if existing.frames.isEmpty { existing.frames = sample.frames }
                existing.subscription = max(existing.subscription, sample.subscription)
                existing.nested.merge(sample.nested, uniquingKeysWith: &+)
                merged[sample.fingerprint] = existing
            } else {
                order.append(sample.fingerprint)
                merged[sample.fingerprint] = sample
            }
        }
        let sites = order.compactMap { merged[$0] }.compactMap { sample -> LeakSite? in
            let types = sample.live
                .filter { $0.value > 0 }
                .map { ResourceTypeCount(name: $0.key, count: $0.value) }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            guard !types.isEmpty else { return nil }
            return LeakSite(
                fingerprint: sample.fingerprint,
                userFrame: sample.userFrame,
                frames: sample.frames,
                types: types,
                count: types.reduce(0) { $0 &+ $1.count },
                leaked: types.filter { leaking.contains($0.name) }.reduce(0) { $0 &+ $1.count },
                subscription: sample.subscription,
                nested: sample.nested.map { ResourceTypeCount(name: $0.key, count: $0.value) }
                    .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            )
        }
        return LeakFindings.grouped(
            sites.sorted { left, right in
                if left.leaked != right.leaked { return left.leaked > right.leaked }
                if left.count != right.count { return left.count > right.count }
                return left.fingerprint < right.fingerprint
            }
        )
    }
}
