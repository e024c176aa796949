import RxCore
import RxLeakCheck
import RxTraceAnalysis

/// The issue text of a test that `.resourceBalanced` found unbalanced: how the total moved,
/// the types that changed, the lines of code that allocated what stayed alive and how the
/// settle went, so the failure says where to look without a second run.
struct ResourceBalanceMessage {
    let testName: String
    let before: ResourceSnapshot
    let after: ResourceSnapshot
    /// The live sites of the test's scope after it settled.
    let sites: AllocationSiteReport
    let outcome: SettleOutcome

    /// How many sites the message lists before it says how many more there are.
    static let siteLimit = 5

    var text: String {
        let changes = after.difference(from: before)
            .sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value > 0 ? "+" : "")\($0.value)" }
            .joined(separator: ", ")
        var lines = ["Resources.total went from \(before.total) to \(after.total) in \(testName): \(changes)"]
        lines += siteLines
        if outcome.timedOut {
            let pending = outcome.pending == 1 ? "1 scheduled item" : "\(outcome.pending) scheduled items"
            lines.append("Settling timed out with \(pending) still pending.")
        }
        if outcome.dueLater > 0 {
            let later = outcome.dueLater == 1 ? "1 scheduled item is" : "\(outcome.dueLater) scheduled items are"
            lines.append("\(later) due after the settle limit.")
        }
        return lines.joined(separator: "\n")
    }

    private var siteLines: [String] {
        guard after.total > before.total else { return [] }
        guard !sites.sites.isEmpty else {
            return ["Allocation sites: none in the test's scope (resources made by blocks handed to a queue directly belong to no scope)."]
        }
        var lines = ["Allocated at (alive after the test):"]
        for site in sites.sites.prefix(Self.siteLimit) {
            let frame = site.userFrame.isEmpty ? "(unknown frame)" : site.userFrame
            let types = site.live.sorted { $0.key < $1.key }
                .map { "\(TypeNameText.readable($0.key)) ×\($0.value)" }
                .joined(separator: ", ")
            lines.append("  \(site.total) live  \(frame)  \(types)")
        }
        if sites.sites.count > Self.siteLimit {
            lines.append("  … and \(sites.sites.count - Self.siteLimit) more sites")
        }
        return lines
    }
}
