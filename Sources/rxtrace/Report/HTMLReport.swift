import Foundation
import RxTraceAnalysis

/// `rxtrace report --format html`: one self-contained page (inline CSS and SVG, no scripts, no
/// network) with the facts of the text report, a marble timeline per probe, and a chart of
/// the resource counts over the marks.
struct HTMLReport {
    let summary: TraceSummary
    let diagrams: [MarbleDiagram]
    let title: String
    /// Whether the leak verdict lists full generic type names instead of readable ones.
    var fullTypeNames = false

    /// The drawing width of timelines and the chart, in SVG units.
    private static let plotWidth = 900.0

    /// The most characters of an element or error a timeline's tooltip shows: a value of a
    /// megabyte in each of hundreds of tooltips made a page of hundreds of megabytes. The
    /// errors table shows errors whole.
    static let tooltipLimit = 1_000

    var html: String {
        var body = "<h1>rxtrace report</h1>\n<p class=\"path\">\(Self.escape(title))</p>\n"
        body +=
            damageSection + processSection + verdictSection + chartSection + probeTableSection + timelineSection + openSection
            + errorSection
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>rxtrace report: \(Self.escape(title))</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1000px; color: #1d1d1f; padding: 0 1em; }
            h1 { font-size: 1.6em; margin-bottom: 0; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
            .path { color: #666; margin-top: 0.2em; font-family: ui-monospace, Menlo, monospace; }
            table { border-collapse: collapse; } th, td { padding: 0.2em 0.8em; text-align: left; } th { border-bottom: 1px solid #ccc; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            .verdict { font-weight: bold; padding: 0.1em 0.5em; border-radius: 4px; }
            .clean { background: #d4f5dc; color: #11602a; } .leaking { background: #fcd9d9; color: #8a1111; } .inconclusive { background: #fbf0c8; color: #6a5200; }
            pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; }
            svg text { font: 11px ui-monospace, Menlo, monospace; }
            .probe-title { font-family: ui-monospace, Menlo, monospace; margin: 1.2em 0 0.2em; }
            .damage { background: #fcd9d9; color: #8a1111; border: 1px solid #8a1111; padding: 0.6em 0.9em; border-radius: 4px; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// A banner at the top when the trace was read only in part.
    private var damageSection: String {
        guard let damage = summary.damage else { return "" }
        return """
            <p class="damage" role="alert"><strong>Partial trace:</strong> \(Self.escape(damage.message)). \
            This report shows the \(damage.recordsRead) records read before the damage.</p>

            """
    }

    private var processSection: String {
        let process = summary.process
        return """
            <h2>Process</h2>
            <table>
            <tr><th>process</th><td>\(Self.escape(process.name)) (pid \(process.pid))</td></tr>
            <tr><th>written</th><td>at \(Self.escape(process.dumpReason)) after \(TextReport.duration(process.durationNanoseconds))</td></tr>
            <tr><th>records</th><td>\(process.records) kept, \(process.lostRecords) lost (capacity \(process.capacity))</td></tr>
            </table>

            """
    }

    private var verdictSection: String {
        let report = summary.leak
        return """
            <h2>Leak verdict: <span class="verdict \(report.verdict.rawValue)">\(report.verdict.rawValue)</span></h2>
            <pre>\(Self.escape(report.summary(fullTypeNames: fullTypeNames)))</pre>

            """
    }

    /// A line chart of `Resources.total` at each mark.
    private var chartSection: String {
        let marks = summary.marks
        guard !marks.isEmpty else { return "<h2>Resources over the marks</h2>\n<p>The trace has no marks.</p>\n" }
        guard marks.allSatisfy(\.counted) else {
            return
                "<h2>Resources over the marks</h2>\n<p>The marks carry no resource counts: the program was built without the TraceResources trait, which counting needs.</p>\n"
        }
        let height = 220.0
        let left = 60.0
        let bottom = 40.0
        let top = 15.0
        let width = Self.plotWidth
        // Totals come from the file and may be anywhere in Int: scale in Double, and print the
        // integers themselves, never a Double converted back (Int(Double(Int.max)) traps).
        let highest = max(marks.map(\.resourcesTotal).max() ?? 1, 1)
        let lowest = min(marks.map(\.resourcesTotal).min() ?? 0, 0)
        let totals = marks.map { Double($0.resourcesTotal) }
        let high = Double(highest)
        let low = Double(lowest)
        let span = max(high - low, 1)
        func x(_ index: Int) -> Double {
            marks.count == 1 ? left + (width - left) / 2 : left + Double(index) * (width - left - 60) / Double(marks.count - 1)
        }
        func y(_ value: Double) -> Double { top + (height - top - bottom) * (1 - (value - low) / span) }
        var svg =
            "<svg role=\"img\" aria-label=\"Resources.total at each mark\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
        svg += "<line x1=\"\(left)\" y1=\"\(y(low))\" x2=\"\(width - 10)\" y2=\"\(y(low))\" stroke=\"#999\"/>\n"
        svg += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(y(low))\" stroke=\"#999\"/>\n"
        svg += "<text x=\"\(left - 6)\" y=\"\(y(high) + 4)\" text-anchor=\"end\">\(highest)</text>\n"
        svg += "<text x=\"\(left - 6)\" y=\"\(y(low) + 4)\" text-anchor=\"end\">\(lowest)</text>\n"
        let points = marks.indices.map { "\(x($0)),\(y(totals[$0]))" }.joined(separator: " ")
        svg += "<polyline class=\"resources\" fill=\"none\" stroke=\"#0a63c9\" stroke-width=\"2\" points=\"\(points)\"/>\n"
        for (index, mark) in marks.enumerated() {
            svg +=
                "<circle cx=\"\(x(index))\" cy=\"\(y(totals[index]))\" r=\"4\" fill=\"#0a63c9\"><title>\(Self.escape(mark.label)): \(mark.resourcesTotal)</title></circle>\n"
            svg +=
                "<text x=\"\(x(index))\" y=\"\(height - bottom + 16)\" text-anchor=\"middle\">\(Self.escape(Self.shortened(mark.label, 14)))</text>\n"
            svg += "<text x=\"\(x(index))\" y=\"\(y(totals[index]) - 8)\" text-anchor=\"middle\">\(mark.resourcesTotal)</text>\n"
        }
        svg += "</svg>\n"
        return "<h2>Resources over the marks</h2>\n" + svg
    }

    private var probeTableSection: String {
        guard !summary.probes.isEmpty else { return "<h2>Probes</h2>\n<p>No subscription went through debug() while tracing.</p>\n" }
        var rows = ""
        for probe in summary.probes {
            let site = "\(URL(fileURLWithPath: probe.file).lastPathComponent):\(probe.line)"
            rows += "<tr><td>\(Self.escape(probe.identifier))</td><td>\(Self.escape(site))</td>"
            rows += [probe.subscriptions, probe.next, probe.error, probe.completed, probe.disposed, probe.open].map {
                "<td class=\"n\">\($0)</td>"
            }.joined()
            rows += "</tr>\n"
        }
        return """
            <h2>Probes</h2>
            <table class="probes">
            <tr><th>probe</th><th>site</th><th>subscriptions</th><th>next</th><th>error</th><th>completed</th><th>disposed</th><th>open</th></tr>
            \(rows)</table>
            <p class="path">\(Self.escape(CountsNote.text(summary)))</p>

            """
    }

    /// One SVG timeline per probe: a line per subscription, circles for elements, a bar for
    /// completion, a cross for an error, an arrow for a subscription still open.
    private var timelineSection: String {
        guard !diagrams.isEmpty else { return "" }
        let left = 110.0
        let width = Self.plotWidth
        let rowHeight = 34.0
        var html =
            "<h2>Timelines</h2>\n<p class=\"path\">Each probe's time axis spans its own first to last event; elements too close to tell apart are spread out, in order.</p>\n"
        for diagram in diagrams {
            let rows = diagram.subscriptions
            let times = rows.flatMap { row in [row.subscribedAt, row.disposedAt].compactMap { $0 } + row.events.map(\.timestamp) }
            let begin = times.min() ?? 0
            // Timestamps come from the file: `begin + 1` would trap at UInt64.max.
            let end = max(times.max() ?? begin, begin)
            func x(_ time: UInt64) -> Double {
                guard end > begin else { return left }
                return left + (width - left - 30) * Double(min(max(time, begin), end) - begin) / Double(end - begin)
            }
            let height = Double(max(rows.count, 1)) * rowHeight + 10
            html +=
                "<p class=\"probe-title\">\(Self.escape(diagram.identifier)) <span class=\"path\">\(Self.escape(URL(fileURLWithPath: diagram.file).lastPathComponent)):\(diagram.line)</span></p>\n"
            html +=
                "<svg class=\"timeline\" role=\"img\" aria-label=\"events of \(Self.escape(diagram.identifier))\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
            for (row, subscription) in rows.enumerated() {
                let y = 18 + Double(row) * rowHeight
                let start = x(subscription.subscribedAt ?? 0)
                let stop = x(subscription.disposedAt ?? (subscription.events.last(where: \.isTerminal)?.timestamp ?? end))
                html += "<text x=\"4\" y=\"\(y + 4)\">#\(subscription.subscription)</text>\n"
                html +=
                    "<line x1=\"\(start)\" y1=\"\(y)\" x2=\"\(max(stop, start + 1))\" y2=\"\(y)\" stroke=\"#444\" stroke-width=\"1.5\"/>\n"
                if subscription.isOpen {
                    html +=
                        "<path d=\"M\(stop - 6),\(y - 5) L\(stop),\(y) L\(stop - 6),\(y + 5)\" fill=\"none\" stroke=\"#b07800\" stroke-width=\"2\"><title>still open</title></path>\n"
                }
                var previous = -Double.infinity
                for event in subscription.events {
                    // Keep marbles 18 units apart so that close elements stay readable.
                    let at = min(max(x(event.timestamp), previous + 18), width - 12)
                    previous = at
                    switch event.kind {
                    case .next(let value):
                        html +=
                            "<circle cx=\"\(at)\" cy=\"\(y)\" r=\"7\" fill=\"#fff\" stroke=\"#0a63c9\" stroke-width=\"2\"><title>next(\(Self.escape(Self.shortened(value, Self.tooltipLimit))))</title></circle>\n"
                        html += "<text x=\"\(at)\" y=\"\(y - 10)\" text-anchor=\"middle\">\(Self.escape(Self.shortened(value, 6)))</text>\n"
                    case .completed:
                        html +=
                            "<line x1=\"\(at)\" y1=\"\(y - 8)\" x2=\"\(at)\" y2=\"\(y + 8)\" stroke=\"#11602a\" stroke-width=\"3\"><title>completed</title></line>\n"
                    case .error(let description):
                        html +=
                            "<path d=\"M\(at - 6),\(y - 6) L\(at + 6),\(y + 6) M\(at + 6),\(y - 6) L\(at - 6),\(y + 6)\" stroke=\"#c01010\" stroke-width=\"3\"><title>error: \(Self.escape(Self.shortened(description, Self.tooltipLimit)))</title></path>\n"
                    }
                }
            }
            html += "</svg>\n"
            if diagram.isTruncated {
                html +=
                    "<p class=\"path\">Only the first \(diagram.limits.subscriptionsPerProbe) subscriptions and \(diagram.limits.elementsPerSubscription) elements each are drawn.</p>\n"
            }
        }
        return html
    }

    private var openSection: String {
        guard !summary.openSubscriptions.isEmpty else { return "" }
        var rows = ""
        for entry in summary.openSubscriptions.prefix(200) {
            rows +=
                "<tr><td class=\"n\">#\(entry.subscription)</td><td>\(Self.escape(entry.probe))</td><td class=\"n\">\(TextReport.duration(entry.ageNanoseconds))</td><td>\(Self.escape(entry.thread))</td></tr>\n"
        }
        return
            "<h2>Still open when the trace was written (\(summary.openSubscriptions.count))</h2>\n<table>\n<tr><th>subscription</th><th>probe</th><th>age</th><th>subscribed on</th></tr>\n\(rows)</table>\n"
    }

    private var errorSection: String {
        guard !summary.errors.isEmpty else { return "" }
        var rows = ""
        for error in summary.errors {
            rows +=
                "<tr><td class=\"n\">\(TextReport.duration(error.timestamp))</td><td>\(Self.escape(error.probe))</td><td>\(Self.escape(error.description))</td></tr>\n"
        }
        return "<h2>Errors</h2>\n<table>\n<tr><th>time</th><th>probe</th><th>error</th></tr>\n\(rows)</table>\n"
    }

    /// `text` safe inside HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func shortened(_ text: String, _ limit: Int) -> String {
        // The first characters only: counting a long value whole would cost its length.
        text.prefix(limit + 1).count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
