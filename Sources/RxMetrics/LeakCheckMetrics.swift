import CoreMetrics
import RxLeakCheck
import RxTraceAnalysis

/// The metrics of the leak checks that run in the process: the last iteration's growth, the
/// iterations measured and the verdicts reached.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct LeakCheckMetrics: Sendable {
    private let growth: Gauge
    private let iterations: Counter
    private let verdicts: [LeakVerdict: Counter]

    init(prefix: String, factory: any MetricsFactory) {
        growth = Gauge(label: prefix + "_leak_check_growth", factory: factory)
        iterations = Counter(label: prefix + "_leak_check_iterations_total", factory: factory)
        var verdicts: [LeakVerdict: Counter] = [:]
        for verdict in LeakVerdict.allCases {
            verdicts[verdict] = Counter(label: prefix + "_leak_checks_total", dimensions: [("verdict", verdict.rawValue)], factory: factory)
        }
        self.verdicts = verdicts
    }

    /// Records one event of a running leak check.
    func record(_ event: LeakCheckEvent) {
        switch event {
        case .iteration(_, _, let growth):
            self.growth.record(growth)
            iterations.increment()
        case .finished(let verdict, _):
            verdicts[verdict]?.increment()
        }
    }
}
