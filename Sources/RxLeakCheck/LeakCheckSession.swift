import RxCore
import RxTraceAnalysis

/// The bookkeeping of one ``LeakCheck`` run: the scope, the samples, when each iteration began
/// and how settling went, shared by the synchronous and the asynchronous forms.
struct LeakCheckSession {
    let warmUp: Int
    let minimumIterations: Int
    let iterationLimit: Int
    let counting: LeakCounting
    let scope = ResourceScope("leak check")
    private(set) var analysis: LeakAnalysis
    /// The moment each measured iteration began, the first iteration first.
    private var iterationStarts: [AllocationMoment] = []
    private var settle = LeakSettleReport()
    /// The runs finished so far, warm-ups included.
    private var runsDone = 0
    /// When the check began, in `LeakTiming.now`'s nanoseconds.
    private let start: UInt64

    init(warmUp: Int, iterations: Int, maxIterations: Int, allowedGrowth: Int, counting: LeakCounting) {
        self.warmUp = max(warmUp, 0)
        minimumIterations = max(iterations, 2)
        iterationLimit = max(maxIterations, minimumIterations)
        self.counting = counting
        analysis = LeakAnalysis(allowedGrowth: allowedGrowth, iterationLimit: iterationLimit)
        start = LeakTiming.now
    }

    /// The number of the next run (warm-ups first), or `nil` when the check is done: the limit
    /// was reached or the verdict is already clear.
    var nextRun: Int? {
        guard runsDone < warmUp + iterationLimit else { return nil }
        if runsDone > warmUp, analysis.isClear(minimumIterations: minimumIterations) { return nil }
        return runsDone
    }

    /// The live resources being counted now.
    func snapshot() -> ResourceSnapshot {
        switch counting {
        case .scoped: scope.snapshot()
        case .global: Resources.snapshot()
        }
    }

    /// The live total being counted now, for the settle's quiet wait.
    func liveCount() -> Int {
        switch counting {
        case .scoped: scope.snapshot().total
        case .global: Int(Resources.total)
        }
    }

    mutating func willRun(_ run: Int) {
        if run == 0, warmUp == 0 {
            sample(label: "start")
        }
        if run >= warmUp {
            iterationStarts.append(AllocationSites.moment())
        }
    }

    mutating func didRun(_ run: Int, settled outcome: SettleOutcome) {
        if outcome.timedOut {
            settle.timeouts += 1
            settle.pendingAtTimeout = outcome.pending
        }
        settle.dueLater = outcome.dueLater
        settle.longestWaitNanoseconds = max(settle.longestWaitNanoseconds, Int(clamping: outcome.waitedNanoseconds))
        runsDone = run + 1
        if run == warmUp - 1 {
            sample(label: warmUp == 1 ? "warm-up" : "warm-up \(warmUp)")
        } else if run >= warmUp {
            let before = analysis.samples.last?.total
            sample(label: "iteration \(run - warmUp + 1)")
            if let after = analysis.samples.last?.total {
                LeakCheckEvents.send(.iteration(number: run - warmUp + 1, total: after, growth: after - (before ?? after)))
            }
        }
    }

    private mutating func sample(label: String) {
        let counts = snapshot()
        analysis.append(LeakSample(label: label, total: counts.total, types: counts.types))
    }

    /// The analysis of the samples, with the sites of the last growing iteration's live
    /// resources, how settling went and how long the check took.
    func report() -> LeakReport {
        var analysis = self.analysis
        analysis.sites = sites()
        var report = analysis.report()
        report.settle = settle
        report.durationNanoseconds = Int(clamping: LeakTiming.nanoseconds(since: start))
        guard Resources.isEnabled else {
            return report.replacing(
                verdict: .inconclusive,
                reason:
                    "nothing was counted: this build does not have the TraceResources trait, which counting needs (swift test --traits TraceResources)"
            )
        }
        return report
    }

    /// The allocation sites of what was allocated since the start of the last iteration in
    /// which the total rose (the last iteration when none rose) and is still alive.
    private func sites() -> LeakSiteData? {
        guard let lastStart = iterationStarts.last, Resources.isEnabled else { return nil }
        var moment = lastStart
        var siteScope = LeakSiteScope.lastIteration
        if let lastRise = analysis.rises.last, lastRise < iterationStarts.count, lastRise >= 1 {
            moment = iterationStarts[lastRise - 1]
            siteScope = .lastRise
        }
        let live: AllocationSiteReport
        switch counting {
        case .scoped: live = scope.sites(allocatedAfter: moment)
        case .global: live = AllocationSites.live(allocatedAfter: moment)
        }
        let capture: LeakSiteCapture
        switch AllocationSites.mode {
        case .all: capture = .all
        case .sampled(let every): capture = .sampled(every: every)
        case .callSites: capture = .callSites
        case .off: capture = counting == .scoped ? .callSites : .off
        }
        if capture == .off { return nil }
        return LeakSiteData(
            sites: live.sites.map {
                LeakSiteSample(
                    fingerprint: $0.fingerprint,
                    userFrame: $0.userFrame,
                    frames: $0.frames,
                    live: $0.live,
                    subscription: LeakSubscriptionKind(rawValue: $0.subscription.rawValue) ?? .none,
                    nested: $0.nestedCallSites
                )
            },
            capture: capture,
            scope: siteScope
        )
    }
}
