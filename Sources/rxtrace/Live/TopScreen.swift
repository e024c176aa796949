import Foundation
import RxTraceFormat

/// One frame of `rxtrace top`'s full-screen view, drawn from snapshots alone so that it can be
/// checked without a terminal: live resources per type (short names) with the change since the
/// first snapshot and since the last mark, types that rose since the previous refresh
/// highlighted, open subscriptions and probe event rates; cut to the terminal's size.
struct TopScreen {
    /// The first snapshot `top` took: "since start".
    let first: LiveSnapshot
    /// The one before ``current``, for what rose and the rates.
    let previous: LiveSnapshot?
    /// The one shown.
    let current: LiveSnapshot
    /// Whether escapes highlight (off with `NO_COLOR`); without them a rising type is marked `^`.
    let colored: Bool

    /// The frame's lines, each at most `width` columns, at most `height` lines.
    func lines(width: Int, height: Int) -> [String] {
        var lines: [String] = []
        lines.append("rxtrace top  \(current.process) (pid \(current.pid))  \(String(format: "%.0f", current.uptimeSeconds)) s  q quits")
        let lastMark = current.marks.last
        lines.append(
            "open subscriptions \(current.openSubscriptions)   marks \(current.marks.count)"
                + (lastMark.map { "  last \"\($0.label)\"" } ?? ""))
        var body: [(text: String, rising: Bool)] = []
        if current.resources.counted {
            let sinceStart = current.resources.total - first.resources.total
            lines.append("resources \(current.resources.total) live, \(Self.signed(sinceStart)) since start")
            body.append(("\(Self.pad("TYPE", 44)) \(Self.left("LIVE", 8)) \(Self.left("±START", 8)) \(Self.left("±MARK", 8))", false))
            let rows = current.resources.types.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            for (name, count) in rows {
                let start = count - (first.resources.types[name] ?? 0)
                let mark = lastMark.map { signedText(count - ($0.types[name] ?? 0)) } ?? "-"
                let rising = previous.map { count > ($0.resources.types[name] ?? 0) } ?? false
                let marker = rising && !colored ? "^" : " "
                let text =
                    "\(Self.pad(marker + Self.shortName(name), 44)) \(Self.left(String(count), 8)) \(Self.left(Self.signed(start), 8)) \(Self.left(mark, 8))"
                body.append((text, rising))
            }
        } else {
            lines.append("resources not counted (built without the TraceResources trait)")
        }
        let seconds = previous.map { max(current.uptimeSeconds - $0.uptimeSeconds, 0.001) }
        body.append(("\(Self.pad("PROBE", 44)) \(Self.left("SUBS/s", 8)) \(Self.left("NEXT/s", 8)) \(Self.left("NEXT", 8))", false))
        for probe in current.probes {
            let before = previous?.probes.first { $0.identifier == probe.identifier }
            let rate = { (now: UInt64, then: UInt64?) -> String in
                guard let seconds, let then else { return "-" }
                return String(format: "%.0f", Double(now &- then) / seconds)
            }
            body.append(
                (
                    "\(Self.pad(" " + probe.identifier, 44)) \(Self.left(rate(probe.subscribed, before?.subscribed), 8)) \(Self.left(rate(probe.next, before?.next), 8)) \(Self.left(String(probe.next), 8))",
                    false
                ))
        }
        for row in body.prefix(max(height - lines.count, 0)) {
            let cut = String(row.text.prefix(width))
            lines.append(row.rising && colored ? "\u{1B}[1;31m" + cut + "\u{1B}[0m" : cut)
        }
        return lines.map { $0.hasPrefix("\u{1B}") ? $0 : String($0.prefix(width)) }
    }

    /// A type name without its generic arguments and module: `MapSink<Int, String>` is `MapSink`.
    static func shortName(_ name: String) -> String {
        let base = name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    private static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }
    private func signedText(_ value: Int) -> String { Self.signed(value) }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
