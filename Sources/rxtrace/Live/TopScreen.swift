import Foundation
import RxTraceAnalysis
import RxTraceFormat

/// One frame of `rxtrace top`'s full-screen view, drawn from snapshots alone so that it can be
/// checked without a terminal: the running leak verdict over the marks, live resources per type
/// (short names) with the change since the first snapshot and since the last mark, the types
/// that rose in each of the last few refreshes highlighted, open subscriptions and probe event
/// rates; in the chosen order, cut to the terminal's size.
struct TopScreen {
    /// The first snapshot `top` took: "since start".
    let first: LiveSnapshot
    /// The latest snapshots, oldest first; the last one is shown. Rising types and rates come
    /// from the ones before it.
    let history: [LiveSnapshot]
    /// Whether escapes highlight (off with `NO_COLOR`); without them a rising type is marked `^`.
    let colored: Bool
    /// The order of the resource rows.
    let order: TopOrder
    /// A type is highlighted when its count rose in each of this many refreshes in a row (or in
    /// each refresh so far, while there have been fewer).
    let risingWindow: Int

    /// A frame of the last of `history`.
    init(first: LiveSnapshot, history: [LiveSnapshot], colored: Bool, order: TopOrder = .live, risingWindow: Int = 2) {
        precondition(!history.isEmpty, "a frame needs a snapshot to show")
        self.first = first
        self.history = history
        self.colored = colored
        self.order = order
        self.risingWindow = max(risingWindow, 1)
    }

    private var current: LiveSnapshot { history[history.count - 1] }
    private var previous: LiveSnapshot? { history.count > 1 ? history[history.count - 2] : nil }

    /// Whether the count of `type` rose in each of the last refreshes (``risingWindow`` of them,
    /// or all there were); never before the second snapshot.
    func isRising(_ type: String) -> Bool {
        let window = history.suffix(risingWindow + 1).map { $0.resources.types[type] ?? 0 }
        guard window.count > 1 else { return false }
        return zip(window, window.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// The frame's lines, each at most `width` columns, at most `height` lines.
    func lines(width: Int, height: Int) -> [String] {
        var lines: [String] = []
        lines.append("rxtrace top  \(current.process) (pid \(current.pid))  \(String(format: "%.0f", current.uptimeSeconds)) s  q quits")
        let lastMark = current.marks.last
        lines.append(
            "open subscriptions \(current.openSubscriptions)   marks \(current.marks.count)"
                + (lastMark.map { "  last \"\($0.label)\"" } ?? ""))
        lines.append(current.markVerdictLine)
        var body: [(text: String, rising: Bool)] = []
        if current.resources.counted {
            let sinceStart = current.resources.total - first.resources.total
            lines.append(
                "resources \(current.resources.total) live, \(Self.signed(sinceStart)) since start   sorted by \(order.rawValue) (s)")
            body.append(("\(Self.pad("TYPE", 44)) \(Self.left("LIVE", 8)) \(Self.left("±START", 8)) \(Self.left("±MARK", 8))", false))
            let names = Self.displayNames(for: Array(current.resources.types.keys))
            let rows = current.resources.types.map { name, count in
                Row(
                    name: name, short: names[name] ?? name, live: count, sinceStart: count - (first.resources.types[name] ?? 0),
                    sinceMark: lastMark.map { count - ($0.types[name] ?? 0) })
            }
            for row in rows.sorted(by: order.areInIncreasingOrder) {
                let rising = isRising(row.name)
                let marker = rising && !colored ? "^" : " "
                let mark = row.sinceMark.map(Self.signed) ?? "-"
                let text =
                    "\(Self.pad(marker + row.short, 44)) \(Self.left(String(row.live), 8)) \(Self.left(Self.signed(row.sinceStart), 8)) \(Self.left(mark, 8))"
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

    /// One resource row before it is laid out.
    struct Row {
        let name: String
        let short: String
        let live: Int
        let sinceStart: Int
        let sinceMark: Int?
    }

    /// The name each of `names` is shown by: its short name, unless another of them has the
    /// same one (`AnonymousObserver<Int>` beside `AnonymousObserver<String>`); those are told
    /// apart by their readable names (the operator chain of a sink, or the generic name), or
    /// their full names when even those are equal.
    static func displayNames(for names: [String]) -> [String: String] {
        let short = Dictionary(grouping: names, by: shortName)
        var shown: [String: String] = [:]
        for (shortName, group) in short {
            if group.count == 1 {
                shown[group[0]] = shortName
                continue
            }
            let readable = Dictionary(grouping: group, by: TypeNameText.readable)
            for (text, same) in readable {
                for name in same { shown[name] = same.count == 1 ? text : name }
            }
        }
        return shown
    }

    /// A type name without its generic arguments and module: `MapSink<Int, String>` is `MapSink`.
    static func shortName(_ name: String) -> String {
        let base = name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    private static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

extension TopOrder {
    /// Whether `a` comes before `b` in this order; ties by short name, then full name.
    func areInIncreasingOrder(_ a: TopScreen.Row, _ b: TopScreen.Row) -> Bool {
        let names = (a.short, a.name) < (b.short, b.name)
        switch self {
        case .live: return a.live != b.live ? a.live > b.live : names
        case .start: return a.sinceStart != b.sinceStart ? a.sinceStart > b.sinceStart : names
        case .mark:
            let (x, y) = (a.sinceMark ?? Int.min, b.sinceMark ?? Int.min)
            return x != y ? x > y : names
        case .name: return names
        }
    }
}
