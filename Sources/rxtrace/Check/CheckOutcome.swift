import Foundation
import RxTraceAnalysis

/// What `rxtrace check` decided about one trace: the exit status and the findings behind it,
/// in the shape every output format draws from.
struct CheckOutcome {
    /// The trace file as given on the command line.
    let path: String
    /// The leak report the verdict comes from.
    let report: LeakReport
    /// 0 when the check passes, 1 when it fails.
    let status: Int32
    /// One line saying why.
    let reason: String
    /// Why the check fails, one entry per leaking site or type; empty when it passes.
    let findings: [CheckFinding]

    /// `passed` or `failed`, as the JSON's `result`.
    var result: String { status == 0 ? "passed" : "failed" }
}
