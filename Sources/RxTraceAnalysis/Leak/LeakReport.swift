/// The answer of a leak check: the verdict, the counts it rests on, the types that grew and
/// where their resources were allocated.
///
/// Made by ``LeakAnalysis``. ``summary`` (also ``description``) explains the verdict in a few
/// lines, so that a failing test's log alone shows what leaked and where.
public struct LeakReport: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Clean, leaking or inconclusive.
    public let verdict: LeakVerdict
    /// Why, in one sentence without a final period.
    public let reason: String
    /// The iterations measured after the warm-up: one less than the samples (0 without any).
    public let iterations: Int
    /// Why the check stopped repeating: the verdict was clear, the limit was reached, or (for
    /// a trace) every mark, or every resource sample, was used.
    public let stop: LeakStop
    /// The most iterations the check would have run; `nil` when the samples were given.
    public let iterationLimit: Int?
    /// The change of the total from the baseline to the last sample: what the whole series
    /// grew by, which the rule judges rather than the last step.
    public let netGrowth: Int
    /// The growth of the total per iteration that is tolerated (never negative).
    public let allowedGrowth: Int
    /// The label of each sample, the baseline first.
    public let labels: [String]
    /// The total of live resources at each sample, the baseline first.
    public let totals: [Int]
    /// The change of the total in each iteration.
    public let growth: [Int]
    /// What each repetition that leaked left behind at least: over the types that keep
    /// growing, the sum of their smallest rise. 0 when no type keeps growing. A leak every
    /// k-th repetition leaks this much every k iterations.
    public let growthPerIteration: Int
    /// The types whose count changed in some iteration: those that leak first (largest growth
    /// first, then by name), then the others by name.
    public let types: [LeakTypeGrowth]
    /// The allocation sites, merged by fingerprint: sites of leaking types first (most leaked
    /// first), then the others (most live first), ties by fingerprint.
    public let sites: [LeakSite]
    /// How the sites were captured; `.off` when there are none.
    public let siteCapture: LeakSiteCapture
    /// Whether the sites are a sample (one resource in N), so their counts are too.
    public let sitesSampled: Bool
    /// Which live resources the sites describe.
    public let siteScope: LeakSiteScope
    /// The live resources of leaking types over all sites.
    public let leakedResources: Int
    /// The number of sites that hold live resources of leaking types: distinct leaks.
    public let distinctLeaks: Int
    /// The likely cause of the leak and what to change, when the growing types point to a
    /// known pattern (see ``LeakHint``); empty when the report does not leak or the evidence
    /// names no pattern.
    public var hints: [LeakHint] {
        storedHints ?? []
    }
    /// The hints, `nil` for none: JSON has the `hints` key only when there are some.
    private let storedHints: [LeakHint]?
    /// How settling went after each run of an in-process check; `nil` for a trace.
    public var settle: LeakSettleReport?
    /// How long the whole check took, warm-up included, in nanoseconds; `nil` for a trace.
    public var durationNanoseconds: Int?

    /// The types that keep growing.
    public var leakingTypes: [LeakTypeGrowth] {
        types.filter(\.leaking)
    }

    /// Creates a report from its parts; ``LeakAnalysis`` computes them.
    init(
        verdict: LeakVerdict,
        reason: String,
        stop: LeakStop,
        iterationLimit: Int?,
        allowedGrowth: Int,
        labels: [String],
        totals: [Int],
        growth: [Int],
        growthPerIteration: Int,
        types: [LeakTypeGrowth],
        sites: [LeakSite],
        siteCapture: LeakSiteCapture,
        siteScope: LeakSiteScope
    ) {
        self.verdict = verdict
        self.reason = reason
        self.iterations = growth.count
        self.stop = stop
        self.iterationLimit = iterationLimit
        self.netGrowth = (totals.last ?? 0) &- (totals.first ?? 0)
        self.allowedGrowth = allowedGrowth
        self.labels = labels
        self.totals = totals
        self.growth = growth
        self.growthPerIteration = growthPerIteration
        self.types = types
        self.sites = sites
        self.siteCapture = siteCapture
        self.sitesSampled = siteCapture.isSampled
        self.siteScope = siteScope
        self.leakedResources = sites.reduce(0) { $0 &+ $1.leaked }
        self.distinctLeaks = sites.count { $0.leaked > 0 }
        let hints = LeakHint.hints(verdict: verdict, types: types, sites: sites)
        self.storedHints = hints.isEmpty ? nil : hints
    }

    /// The same report with another verdict reason.
    func replacingReason(_ reason: String) -> LeakReport {
        replacing(verdict: verdict, reason: reason)
    }

    /// The same report with another verdict reason and stop: the samples' verdict is the marks'
    /// analysis of the resource samples, which must not read as marks.
    func replacing(reason: String, stop: LeakStop) -> LeakReport {
        replacing(verdict: verdict, reason: reason, stop: stop)
    }

    /// The same report with another verdict and reason, for a checker that knows more than
    /// the counts say (for example that the program could not count resources at all).
    ///
    /// - Parameters:
    ///   - verdict: The verdict to report.
    ///   - reason: Why, in one sentence without a final period.
    /// - Returns: The report with everything else unchanged.
    public func replacing(verdict: LeakVerdict, reason: String) -> LeakReport {
        replacing(verdict: verdict, reason: reason, stop: stop)
    }

    private func replacing(verdict: LeakVerdict, reason: String, stop: LeakStop) -> LeakReport {
        var report = LeakReport(
            verdict: verdict,
            reason: reason,
            stop: stop,
            iterationLimit: iterationLimit,
            allowedGrowth: allowedGrowth,
            labels: labels,
            totals: totals,
            growth: growth,
            growthPerIteration: growthPerIteration,
            types: types,
            sites: sites,
            siteCapture: siteCapture,
            siteScope: siteScope
        )
        report.settle = settle
        report.durationNanoseconds = durationNanoseconds
        return report
    }

    private enum CodingKeys: String, CodingKey {
        case verdict, reason, iterations, stop, iterationLimit, netGrowth, allowedGrowth, labels, totals, growth
        case growthPerIteration, types, sites, siteCapture, sitesSampled, siteScope, leakedResources, distinctLeaks
        case storedHints = "hints"
        case settle, durationNanoseconds
    }

    /// Reads a report; the fields added after the first schema (`stop`, `iterationLimit`,
    /// `netGrowth`, `hints`, `settle`, `durationNanoseconds`) may be missing. Without `hints`,
    /// they are derived from the types and sites read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        verdict = try container.decode(LeakVerdict.self, forKey: .verdict)
        reason = try container.decode(String.self, forKey: .reason)
        iterations = try container.decode(Int.self, forKey: .iterations)
        stop = try container.decodeIfPresent(LeakStop.self, forKey: .stop) ?? .allSamples
        iterationLimit = try container.decodeIfPresent(Int.self, forKey: .iterationLimit)
        allowedGrowth = try container.decode(Int.self, forKey: .allowedGrowth)
        labels = try container.decode([String].self, forKey: .labels)
        totals = try container.decode([Int].self, forKey: .totals)
        netGrowth = try container.decodeIfPresent(Int.self, forKey: .netGrowth) ?? ((totals.last ?? 0) &- (totals.first ?? 0))
        growth = try container.decode([Int].self, forKey: .growth)
        growthPerIteration = try container.decode(Int.self, forKey: .growthPerIteration)
        types = try container.decode([LeakTypeGrowth].self, forKey: .types)
        sites = try container.decode([LeakSite].self, forKey: .sites)
        siteCapture = try container.decode(LeakSiteCapture.self, forKey: .siteCapture)
        sitesSampled = try container.decode(Bool.self, forKey: .sitesSampled)
        siteScope = try container.decode(LeakSiteScope.self, forKey: .siteScope)
        leakedResources = try container.decode(Int.self, forKey: .leakedResources)
        distinctLeaks = try container.decode(Int.self, forKey: .distinctLeaks)
        let hints =
            try container.decodeIfPresent([LeakHint].self, forKey: .storedHints)
            ?? LeakHint.hints(verdict: verdict, types: types, sites: sites)
        storedHints = hints.isEmpty ? nil : hints
        settle = try container.decodeIfPresent(LeakSettleReport.self, forKey: .settle)
        durationNanoseconds = try container.decodeIfPresent(Int.self, forKey: .durationNanoseconds)
    }

    /// The report in a few lines; the same as ``summary``.
    public var description: String {
        summary
    }
}
