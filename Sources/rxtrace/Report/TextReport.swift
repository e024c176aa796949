import Foundation
import RxTraceAnalysis

/// The default `rxtrace report`: the facts of a trace in sections, for a person at a terminal.
struct TextReport {
    let summary: TraceSummary
    let path: String
    let partial: String?
    let style: TerminalStyle
    /// Whether the leak verdict lists full generic type names instead of readable ones.
    var fullTypeNames = false

    /// How many open subscriptions and errors are listed before a count of the rest.
    static let listLimit = 20

    var text: String {
        var lines: [String] = []
        lines += processLines
        lines += [""] + probeLines
        if !summary.openSubscriptions.isEmpty {
            lines += [""] + openLines
        }
        if !summary.errors.isEmpty {
            lines += [""] + errorLines
        }
        if !summary.marks.isEmpty {
            lines += [""] + markLines
        }
        lines += [""] + leakLines
        return lines.joined(separator: "\n")
    }

    private var processLines: [String] {
        let process = summary.process
        var lines = [style.bold("\(path)")]
        lines.append(
            "  process   \(process.name) (pid \(process.pid)), written at \(process.dumpReason) after \(Self.duration(process.durationNanoseconds))"
        )
        var records = "  records   \(process.records)"
        if process.lostRecords > 0 {
            records += style.yellow(", \(process.lostRecords) lost (the ring buffer of \(process.capacity) records overwrote the oldest)")
        } else {
            records += ", none lost (capacity \(process.capacity))"
        }
        lines.append(records)
        if let partial {
            lines.append(style.yellow("  partial   \(partial)"))
        }
        if summary.invalidRecords > 0 {
            lines.append(style.yellow("  invalid   \(summary.invalidRecords) records refer to unknown probes or threads"))
        }
        return lines
    }

    private var probeLines: [String] {
        guard !summary.probes.isEmpty else {
            return [style.bold("Probes"), "  none: the program made no subscription through debug() while tracing"]
        }
        var table = TextTable(header: ["probe", "site", "subs", "next", "error", "done", "disposed", "open"], numeric: [2, 3, 4, 5, 6, 7])
        for probe in summary.probes {
            table.add([
                probe.identifier,
                "\(URL(fileURLWithPath: probe.file).lastPathComponent):\(probe.line)",
                String(probe.subscriptions), String(probe.next), String(probe.error),
                String(probe.completed), String(probe.disposed),
                probe.open > 0 ? style.yellow(String(probe.open)) : "0",
            ])
        }
        return [style.bold("Probes")] + table.lines() + ["  " + CountsNote.text(summary)]
    }

    private var openLines: [String] {
        let open = summary.openSubscriptions
        var lines = [style.bold("Still open when the trace was written (\(open.count)): leak suspects")]
        var table = TextTable(header: ["subscription", "probe", "age", "subscribed on"], numeric: [0, 2])
        for entry in open.prefix(Self.listLimit) {
            table.add(["#\(entry.subscription)", entry.probe, Self.duration(entry.ageNanoseconds), entry.thread])
        }
        lines += table.lines()
        if open.count > Self.listLimit {
            lines.append("  … and \(open.count - Self.listLimit) more")
        }
        return lines
    }

    private var errorLines: [String] {
        let total = summary.errors.count + summary.errorsOmitted
        var lines = [style.bold("Errors (\(total))")]
        var table = TextTable(header: ["time", "probe", "subscription", "error"], numeric: [0, 2])
        for error in summary.errors.prefix(Self.listLimit) {
            table.add([Self.duration(error.timestamp), error.probe, "#\(error.subscription)", style.red(error.description)])
        }
        lines += table.lines()
        if total > Self.listLimit {
            lines.append("  … and \(total - Self.listLimit) more")
        }
        return lines
    }

    private var markLines: [String] {
        let lines = [style.bold("Marks")]
        var table = TextTable(header: ["time", "mark", "Resources.total", "change"], numeric: [0, 2, 3])
        var previous: Int?
        for mark in summary.marks {
            guard mark.resourcesTotal >= 0 else {
                table.add([Self.duration(mark.timestamp), mark.label, "not counted", ""])
                continue
            }
            // Both are at least 0 here, so the difference cannot overflow.
            let change = previous.map { mark.resourcesTotal - $0 }.map { $0 > 0 ? "+\($0)" : String($0) } ?? ""
            table.add([Self.duration(mark.timestamp), mark.label, String(mark.resourcesTotal), change])
            previous = mark.resourcesTotal
        }
        return lines + table.lines()
    }

    private var leakLines: [String] {
        let report = summary.leak
        let verdict: String
        switch report.verdict {
        case .clean: verdict = style.green("clean")
        case .leaking: verdict = style.red("LEAKING")
        case .inconclusive: verdict = style.yellow("inconclusive")
        }
        var lines = [style.bold("Leak verdict: ") + verdict]
        lines += report.summary(fullTypeNames: fullTypeNames).split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map {
            "  " + $0
        }
        return lines
    }

    /// `850 ns`, `12.3 µs`, `4.1 ms`, `2.50 s`.
    static func duration(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds)
        switch nanoseconds {
        case ..<1_000: return "\(nanoseconds) ns"
        case ..<1_000_000: return String(format: "%.1f µs", value / 1e3)
        case ..<1_000_000_000: return String(format: "%.1f ms", value / 1e6)
        default: return String(format: "%.2f s", value / 1e9)
        }
    }
}
