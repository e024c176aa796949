import RxLeakCheck
import RxTraceAnalysis

/// What the leak assertions (`XCTAssertNoLeaks`, `expectNoLeaks`) share: the check they run and
/// the judgement of its report, so each assertion only says how its framework records a
/// failure.
struct LeakExpectation {
    let warmUp: Int
    let iterations: Int
    let maxIterations: Int
    let allowedGrowth: Int
    let settle: LeakSettle
    let baseline: LeakBaseline?
    /// Put in front of the failure message; empty for none.
    var context = ""

    /// Runs the check on `scenario`, hands the failure message to `fail` if it fails, and
    /// returns the report.
    func check(_ scenario: () throws -> Void, failing fail: (String) -> Void) rethrows -> LeakReport {
        let report = try LeakCheck.run(
            warmUp: warmUp,
            iterations: iterations,
            maxIterations: maxIterations,
            allowedGrowth: allowedGrowth,
            settle: settle,
            scenario
        )
        return judged(report, failing: fail)
    }

    /// Runs the check on asynchronous `scenario`, hands the failure message to `fail` if it
    /// fails, and returns the report.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    func check(
        isolation: isolated (any Actor)?,
        _ scenario: () async throws -> Void,
        failing fail: (String) -> Void
    ) async rethrows -> LeakReport {
        let report = try await LeakCheck.run(
            warmUp: warmUp,
            iterations: iterations,
            maxIterations: maxIterations,
            allowedGrowth: allowedGrowth,
            settle: settle,
            isolation: isolation,
            scenario
        )
        return judged(report, failing: fail)
    }

    /// `report`, after handing its failure message to `fail` when it fails.
    private func judged(_ report: LeakReport, failing fail: (String) -> Void) -> LeakReport {
        if let failure = Self.failureMessage(report, baseline: baseline, context: context) {
            fail(failure)
        }
        return report
    }

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
