import RxCore
import RxLeakCheck
import RxTraceAnalysis

/// The issue text of a test that `.resourceBalanced` found unbalanced: what the test left
/// alive, the lines of code that allocated it and how the settle went, so the failure says
/// where to look without a second run. Types are named the short way (`map ← AnonymousObserver`
/// rather than the full generic name).
struct ResourceBalanceMessage {
    let testName: String
    /// The test's own resources still alive after it settled.
    let alive: ResourceSnapshot
    /// The live sites of the test's scope after it settled.
    let sites: AllocationSiteReport
    let outcome: SettleOutcome

    /// How many sites the message lists before it says how many more there are.
    static let siteLimit = 5
    /// How many types the first line lists before it says how many more there are.
    static let typeLimit = 6

    var text: String {
        var lines = ["\(testName) left \(alive.total) of its resources alive: \(typeCounts)"]
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

    /// `type ×count` for the most numerous types, short names merged.
    private var typeCounts: String {
        var counts: [String: Int] = [:]
        for (type, count) in alive.types where count != 0 {
            counts[TypeNameText.readable(type), default: 0] += count
        }
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var parts = sorted.prefix(Self.typeLimit).map { "\($0.key) ×\($0.value)" }
        if sorted.count > Self.typeLimit {
            parts.append("… and \(sorted.count - Self.typeLimit) more types")
        }
        return parts.joined(separator: ", ")
    }

    private var siteLines: [String] {
        guard !sites.sites.isEmpty else {
            return ["Allocation sites: none recorded."]
        }
        var lines = ["Allocated at (alive after the test):"]
        for site in sites.sites.prefix(Self.siteLimit) {
            let frame = site.userFrame.isEmpty ? "(unknown frame)" : site.userFrame
            var counts: [String: Int] = [:]
            for (type, count) in site.live {
                counts[TypeNameText.readable(type), default: 0] += count
            }
            let types = counts.sorted { $0.key < $1.key }
                .map { "\($0.key) ×\($0.value)" }
                .joined(separator: ", ")
            lines.append("  \(site.total) live  \(frame)  \(types)")
        }
        if sites.sites.count > Self.siteLimit {
            lines.append("  … and \(sites.sites.count - Self.siteLimit) more sites")
        }
        return lines
    }
}
