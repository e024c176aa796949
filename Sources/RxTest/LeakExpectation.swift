import RxLeakCheck
import RxTraceAnalysis

/// The shared judgement of the leak assertions: whether a report fails the test, and the
/// message that explains it.
enum LeakExpectation {
    /// The failure message for `report` under `baseline`, or `nil` when the check passes.
    ///
    /// A report fails when its verdict is leaking and the baseline (if any) does not account
    /// for every leaking site. Inconclusive reports pass: they carry no steady growth.
    static func failureMessage(_ report: LeakReport, baseline: LeakBaseline?, context: String) -> String? {
        let prefix = context.isEmpty ? "" : "\(context): "
        if let baseline {
            let evaluation = baseline.evaluate(report)
            guard !evaluation.passes else { return nil }
            return "\(prefix)the scenario leaks (\(evaluation.reason))\n\(report.summary)"
        }
        guard report.verdict == .leaking else { return nil }
        return "\(prefix)the scenario leaks\n\(report.summary)"
    }
}
