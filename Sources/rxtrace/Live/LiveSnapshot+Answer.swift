import Foundation
import RxTraceFormat

/// A program's answer to `snapshot-json`, as `docs/live.md` describes it: what `top` shows.
extension LiveSnapshot {
    /// Decodes `json`.
    ///
    /// - Throws: ``CommandFailure`` (status 4) when the answer is not a snapshot.
    init(json: String, processID: Int32) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
        } catch {
            throw CommandFailure("process \(processID) answered a snapshot this rxtrace cannot read", status: LiveTarget.noAnswerStatus)
        }
    }

    /// The snapshot as text for a terminal or a log: the counts per type (with the change since
    /// the last mark), the probes, the open subscriptions and the marks.
    var text: String {
        var lines = ["\(process) (pid \(pid)), traced for \(String(format: "%.1f", uptimeSeconds)) s"]
        if resources.counted {
            let last = marks.last
            lines.append("resources: \(resources.total) live" + (last.map { " (\($0.label): \($0.total ?? 0))" } ?? ""))
            let names = Set(resources.types.keys).union(last?.types.keys ?? [:].keys)
            let rows = names.map { name in
                (name, resources.types[name] ?? 0, (resources.types[name] ?? 0) - (last?.types[name] ?? 0))
            }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
            for (name, count, change) in rows {
                let since = last == nil ? "" : "  " + (change > 0 ? "+\(change)" : "\(change)")
                lines.append("  \(count)  \(name)\(since)")
            }
        } else {
            lines.append("resources: not counted (built without the TraceResources trait)")
        }
        lines.append("open subscriptions: \(openSubscriptions)")
        lines.append("probes (subscribed / next / error / completed / disposed):")
        for probe in probes {
            lines.append(
                "  \(probe.identifier): \(probe.subscribed) / \(probe.next) / \(probe.error) / \(probe.completed) / \(probe.disposed)")
        }
        lines.append(
            "marks: \(marks.count)" + (marks.last.map { ", last \"\($0.label)\" at \(String(format: "%.1f", $0.seconds)) s" } ?? ""))
        lines.append(markVerdictLine)
        return lines.joined(separator: "\n")
    }
}
