import RxCore
import RxTraceAnalysis

/// The bookkeeping of one ``LeakCheck`` run: the scope, the samples and the moment the last
/// iteration began, shared by the synchronous and the asynchronous forms.
struct LeakCheckSession {
    let warmUp: Int
    let iterations: Int
    let counting: LeakCounting
    let scope = ResourceScope("leak check")
    private(set) var samples: [LeakSample] = []
    private var lastIterationStart: AllocationMoment?

    init(warmUp: Int, iterations: Int, counting: LeakCounting) {
        self.warmUp = max(warmUp, 0)
        self.iterations = max(iterations, 0)
        self.counting = counting
    }

    /// Every run: the warm-ups first, then the measured iterations.
    var runs: Range<Int> {
        0..<(warmUp + iterations)
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
        if run == warmUp + iterations - 1, run >= warmUp {
            lastIterationStart = AllocationSites.moment()
        }
    }

    mutating func didRun(_ run: Int) {
        if run == warmUp - 1 {
            sample(label: warmUp == 1 ? "warm-up" : "warm-up \(warmUp)")
        } else if run >= warmUp {
            sample(label: "iteration \(run - warmUp + 1)")
        }
    }

    private mutating func sample(label: String) {
        let counts = snapshot()
        samples.append(LeakSample(label: label, total: counts.total, types: counts.types))
    }

    /// The analysis of the samples, with the sites of the last iteration's live resources.
    func report(allowedGrowth: Int) -> LeakReport {
        let report = LeakAnalysis(samples: samples, allowedGrowth: allowedGrowth, sites: sites()).report()
        guard Resources.isEnabled else {
            return report.replacing(
                verdict: .inconclusive,
                reason: "nothing was counted: this build does not have the TraceResources trait, which counting needs (swift test --traits TraceResources)"
            )
        }
        return report
    }

    /// The allocation sites of what the last iteration allocated and left alive.
    private func sites() -> LeakSiteData? {
        guard let lastIterationStart, Resources.isEnabled else { return nil }
        let live: AllocationSiteReport
        switch counting {
        case .scoped: live = scope.sites(allocatedAfter: lastIterationStart)
        case .global: live = AllocationSites.live(allocatedAfter: lastIterationStart)
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
                LeakSiteSample(fingerprint: $0.fingerprint, userFrame: $0.userFrame, frames: $0.frames, live: $0.live)
            },
            capture: capture,
            scope: .lastIteration
        )
    }
}
