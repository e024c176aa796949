/// The leak verdict over repeated runs of a scenario: a leak is growth that repeats with every
/// iteration.
///
/// The procedure is RxSwift's manual one, made precise: run the scenario once to warm up
/// (lazy statics, caches and shared observables may appear during that run and stay), take a
/// sample of the live resource counts, then run it again several times, taking a sample after
/// each iteration. Like the "leaked N times in N iterations" signal of fuite and LeakCanary,
/// only growth that comes back every time is a leak; growth that happens once is not.
///
/// ## The rule
///
/// With samples `s0` (after the warm-up) to `sn` (after iteration `n`), an allowed growth
/// `A ≥ 0` per iteration, for each resource type `t` (a type missing from a sample counts 0)
/// the growth in iteration `i` is `g(t, i) = count(t, s_i) - count(t, s_(i-1))`, and the
/// growth of the total is `G(i) = total(s_i) - total(s_(i-1))`.
///
/// - A type **leaks** when `n ≥ 2` and `g(t, i) > 0` for every iteration `i`.
/// - The verdict is ``LeakVerdict/leaking`` when some type leaks and `G(i) > A` for every
///   iteration `i`.
/// - Otherwise it is ``LeakVerdict/clean`` when `n ≥ 2` and the last iteration changed nothing
///   beyond the allowance: no type shrank (`g(t, n) ≥ 0`), the types grew by at most `A` in
///   all (`Σ g(t, n) ≤ A`), and `0 ≤ G(n) ≤ A`. With `A = 0` this is: every type's last
///   growth is 0. A cache that filled during the first measured iteration and then stopped is
///   clean; so is anything created during the warm-up only.
/// - Otherwise it is ``LeakVerdict/inconclusive``: fewer than 2 iterations, or counts that
///   moved without a steady trend (growth in some iterations only, growth and shrinking).
///
/// ``LeakReport/growthPerIteration`` is the sum over leaking types of their smallest growth in
/// any iteration: what every iteration leaked at least.
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

    /// Creates an analysis.
    ///
    /// - Parameters:
    ///   - samples: The sample after the warm-up, then one after each iteration.
    ///   - allowedGrowth: The growth of the total per iteration that is tolerated.
    ///   - sites: The allocation sites, when collected.
    public init(samples: [LeakSample] = [], allowedGrowth: Int = 0, sites: LeakSiteData? = nil) {
        self.samples = samples
        self.allowedGrowth = allowedGrowth
        self.sites = sites
    }

    /// Adds the sample taken after the next iteration (or, first, after the warm-up).
    public mutating func append(_ sample: LeakSample) {
        samples.append(sample)
    }

    /// Applies the rule to the samples.
    ///
    /// - Returns: The verdict with the counts, types and sites behind it.
    public func report() -> LeakReport {
        let allowance = max(allowedGrowth, 0)
        let iterations = max(samples.count - 1, 0)
        let totals = samples.map(\.total)
        let growth = Self.differences(totals)
        let allTypes = Self.typeGrowths(samples)
        let leakingNames = Set(allTypes.filter(\.leaking).map(\.name))
        let growthPerIteration = allTypes.reduce(0) { $0 &+ $1.growth }
        let (verdict, reason) = Self.judge(
            iterations: iterations,
            allowance: allowance,
            growth: growth,
            types: allTypes
        )
        return LeakReport(
            verdict: verdict,
            reason: reason,
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

    private static func judge(
        iterations: Int,
        allowance: Int,
        growth: [Int],
        types: [LeakTypeGrowth]
    ) -> (LeakVerdict, String) {
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
        let leaking = types.filter(\.leaking)
        if !leaking.isEmpty, growth.allSatisfy({ $0 > allowance }) {
            let count = leaking.count == 1 ? "1 type" : "\(leaking.count) types"
            let limit = allowance == 0 ? "" : " by more than the allowed \(allowance)"
            return (
                .leaking,
                "\(count) grew in each of the \(iterations) iterations, and so did the total\(limit)"
            )
        }
        let last = types.map { $0.series.last ?? 0 }
        let lastTotal = growth.last ?? 0
        let quiet = last.allSatisfy { $0 >= 0 } && last.reduce(0, &+) <= allowance && (0...allowance).contains(lastTotal)
        if quiet {
            var reason =
                allowance == 0
                ? "the last iteration left no new live resources"
                : "the last iteration left no more than the allowed \(allowance) new live resources"
            let typeStopped = types.contains { type in
                type.series.dropLast().contains { $0 > 0 } && (type.series.last ?? 0) == 0
            }
            let totalStopped = growth.dropLast().contains { $0 > 0 } && lastTotal == 0
            if typeStopped || totalStopped {
                reason += "; the growth of earlier iterations did not repeat"
            }
            return (.clean, reason)
        }
        if !leaking.isEmpty {
            let names = leaking.map(\.name).joined(separator: ", ")
            return (
                .inconclusive,
                "\(names) grew in every iteration, but the total did not grow by more than \(allowance) every time (\(LeakText.signed(growth)))"
            )
        }
        return (
            .inconclusive,
            "the counts moved without a steady trend (total growth per iteration: \(LeakText.signed(growth))); run more iterations or let scheduled work settle"
        )
    }

    // MARK: - Parts

    /// `values[i] - values[i - 1]` for each `i` after the first.
    static func differences(_ values: [Int]) -> [Int] {
        zip(values, values.dropFirst()).map { $1 &- $0 }
    }

    /// Every type of every sample with its counts, growth series and steady growth, by name.
    private static func typeGrowths(_ samples: [LeakSample]) -> [LeakTypeGrowth] {
        var names = Set<String>()
        for sample in samples {
            names.formUnion(sample.types.keys)
        }
        return names.sorted().map { name in
            let counts = samples.map { $0.types[name] ?? 0 }
            let series = differences(counts)
            let leaking = series.count >= 2 && series.allSatisfy { $0 > 0 }
            return LeakTypeGrowth(
                name: name,
                growth: leaking ? series.min() ?? 0 : 0,
                leaking: leaking,
                series: series,
                counts: counts
            )
        }
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
                leaked: types.filter { leaking.contains($0.name) }.reduce(0) { $0 &+ $1.count }
            )
        }
        return sites.sorted { left, right in
            if left.leaked != right.leaked { return left.leaked > right.leaked }
            if left.count != right.count { return left.count > right.count }
            return left.fingerprint < right.fingerprint
        }
    }
}
