import Foundation

/// Colour for text written to a terminal: only when standard output is one, never when
/// `NO_COLOR` is set (https://no-color.org) or `TERM` is `dumb`.
struct TerminalStyle {
    /// Whether escapes are written.
    let enabled: Bool

    /// The style for standard output now.
    ///
    /// `CLICOLOR_FORCE` (set and not `0`) asks for colour off a terminal too, as for a pager
    /// that shows it; `NO_COLOR` still wins.
    static func forStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = environment["TERM"] == "dumb"
        let forced = environment["CLICOLOR_FORCE"].map { !$0.isEmpty && $0 != "0" } ?? false
        return TerminalStyle(enabled: (isatty(STDOUT_FILENO) == 1 || forced) && !noColor && !dumb)
    }

    /// The columns `text` takes on a terminal: its characters without the escape sequences
    /// (`ESC [ … letter`) that colour it.
    static func visibleWidth(_ text: String) -> Int {
        guard text.contains("\u{1B}") else { return text.count }
        var visible = String.UnicodeScalarView()
        var inEscape = false
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if inEscape {
                // Parameters until the final byte, a letter or one of @[\]^_`{|}~.
                if (0x40...0x7E).contains(scalar.value) { inEscape = false }
            } else if scalar == "\u{1B}" {
                // The `[` that opens a control sequence is not its final byte.
                if let next = scalars.next(), next == "[" { inEscape = true }
            } else {
                visible.append(scalar)
            }
        }
        return String(visible).count
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A heading.
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// Something wrong: a leak, an error.
    func red(_ text: String) -> String { wrap(text, "31") }
    /// Something fine: a clean verdict.
    func green(_ text: String) -> String { wrap(text, "32") }
    /// Something to look at: open subscriptions, an inconclusive verdict.
    func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Secondary detail.
    func dim(_ text: String) -> String { wrap(text, "2") }
}

/// Left-aligned text columns with a header row.
struct TextTable {
    /// The column titles.
    let header: [String]
    /// Which columns are numbers (right-aligned).
    let numeric: Set<Int>
    private(set) var rows: [[String]] = []

    init(header: [String], numeric: Set<Int> = []) {
        self.header = header
        self.numeric = numeric
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// The table as lines, each indented by `indent` spaces.
    func lines(indent: Int = 2) -> [String] {
        let all = [header] + rows
        // Colour escapes take no columns: count what shows.
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? TerminalStyle.visibleWidth($0[column]) : 0 }.max() ?? 0
        }
        return all.map { row in
            let cells = header.indices.map { column -> String in
                let text = row.indices.contains(column) ? row[column] : ""
                let pad = String(repeating: " ", count: widths[column] - TerminalStyle.visibleWidth(text))
                return numeric.contains(column) ? pad + text : text + pad
            }
            let line = String(repeating: " ", count: indent) + cells.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}
