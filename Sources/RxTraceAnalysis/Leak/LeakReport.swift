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
    /// The growth of the total per iteration that is tolerated (never negative).
    public let allowedGrowth: Int
    /// The label of each sample, the baseline first.
    public let labels: [String]
    /// The total of live resources at each sample, the baseline first.
    public let totals: [Int]
    /// The change of the total in each iteration.
    public let growth: [Int]
    /// The steady growth per iteration: over the types that grew in every iteration, the sum
    /// of their smallest growth. 0 when no type did.
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

    /// The types that grew in every iteration.
    public var leakingTypes: [LeakTypeGrowth] {
        types.filter(\.leaking)
    }

    /// Creates a report from its parts; ``LeakAnalysis`` computes them.
    init(
        verdict: LeakVerdict,
        reason: String,
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
    }

    /// The same report with another verdict reason.
    func replacingReason(_ reason: String) -> LeakReport {
        replacing(verdict: verdict, reason: reason)
    }

    /// The same report with another verdict and reason, for a checker that knows more than
    /// the counts say (for example that the program could not count resources at all).
    ///
    /// - Parameters:
    ///   - verdict: The verdict to report.
    ///   - reason: Why, in one sentence without a final period.
    /// - Returns: The report with everything else unchanged.
    public func replacing(verdict: LeakVerdict, reason: String) -> LeakReport {
        LeakReport(
            verdict: verdict,
            reason: reason,
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
    }

    /// The report in a few lines; the same as ``summary``.
    public var description: String {
        summary
    }
}
