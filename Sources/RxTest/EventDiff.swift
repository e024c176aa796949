import RxCore

/// Builds the failure messages of the event assertions: the expected and the actual events
/// drawn as marble diagrams one above the other, with the first difference marked.
///
/// Each column is one distinct time (or, for events without times, one position). A cell
/// shows the element of a `next` event, `|` for `completed`, `#` for an error, several
/// events at one time in parentheses, `(1,|)`; `-` means no event at that time and an empty
/// cell means the sequence had already ended. Elements longer than
/// ``maximumSymbolLength`` characters, or spanning lines, are shortened with `…`, and both
/// sequences are then listed in full below the diagram (line breaks written as `\n`):
///
/// ```
/// events differ at time 230:
///   time:     210 230 250
///   expected: 2   3   |
///   actual:   2   4   |
///                 ^ expected next(3) @ 230, got next(4) @ 230
/// ```
///
/// The functions are pure, so the messages can be tested and reused by any test framework.
public enum EventDiff {
    /// The longest element text drawn in a diagram cell; longer ones are shortened.
    public static let maximumSymbolLength = 12

    /// The message for two sequences of recorded events, or `nil` when they are equal.
    ///
    /// - Parameters:
    ///   - actual: The events that were recorded.
    ///   - expected: The events the test expects.
    /// - Returns: The diagrams with the first difference marked, or `nil`.
    public static func message<Element: Equatable>(
        actual: [Recorded<Event<Element>>],
        expected: [Recorded<Event<Element>>]
    ) -> String? {
        guard let index = firstDifference(actual, expected) else { return nil }
        let actualEvent = index < actual.count ? actual[index] : nil
        let expectedEvent = index < expected.count ? expected[index] : nil
        let differenceTime = [actualEvent?.time, expectedEvent?.time].compactMap { $0 }.min() ?? 0

        let times = Set(actual.map(\.time) + expected.map(\.time)).sorted()
        let expectedRow = timedCells(expected, times: times)
        let actualRow = timedCells(actual, times: times)
        let describe: (Recorded<Event<Element>>?) -> String? = { recorded in
            recorded.map { oneLine("\($0.value.debugDescription) @ \($0.time)") }
        }
        var lines = renderDiagram(
            header: "events differ at time \(differenceTime):",
            axisLabel: "time:",
            axis: times.map(String.init),
            expected: expectedRow.cells,
            actual: actualRow.cells,
            markedColumn: times.firstIndex(of: differenceTime) ?? 0,
            note: differenceNote(expected: describe(expectedEvent), actual: describe(actualEvent)))
        if expectedRow.shortened || actualRow.shortened {
            lines += listing(expected: expected.map { describe($0) ?? "" }, actual: actual.map { describe($0) ?? "" })
        }
        return lines.joined(separator: "\n")
    }

    /// The message for two sequences of events without times, or `nil` when they are equal;
    /// columns are positions in the sequences.
    ///
    /// - Parameters:
    ///   - actual: The events that were received.
    ///   - expected: The events the test expects.
    /// - Returns: The diagrams with the first difference marked, or `nil`.
    public static func message<Element: Equatable>(
        actual: [Event<Element>],
        expected: [Event<Element>]
    ) -> String? {
        guard let index = firstDifference(actual, expected) else { return nil }
        let columns = max(actual.count, expected.count)
        let expectedRow = positionalCells(expected, columns: columns)
        let actualRow = positionalCells(actual, columns: columns)
        var lines = renderDiagram(
            header: "events differ at index \(index):",
            axisLabel: "index:",
            axis: (0..<columns).map(String.init),
            expected: expectedRow.cells,
            actual: actualRow.cells,
            markedColumn: index,
            note: differenceNote(
                expected: index < expected.count ? oneLine(expected[index].debugDescription) : nil,
                actual: index < actual.count ? oneLine(actual[index].debugDescription) : nil))
        if expectedRow.shortened || actualRow.shortened {
            lines += listing(
                expected: expected.map { oneLine($0.debugDescription) },
                actual: actual.map { oneLine($0.debugDescription) })
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Building blocks

    private static let indent = "  "
    private static let rowLabels = (expected: "expected:", actual: "actual:")

    /// The index of the first position where the sequences differ, `nil` when they are equal.
    private static func firstDifference<Value: Equatable>(_ lhs: [Value], _ rhs: [Value]) -> Int? {
        for index in 0..<min(lhs.count, rhs.count) where lhs[index] != rhs[index] {
            return index
        }
        return lhs.count == rhs.count ? nil : min(lhs.count, rhs.count)
    }

    private static func differenceNote(expected: String?, actual: String?) -> String {
        "expected \(expected ?? "no more events"), got \(actual ?? "no more events")"
    }

    /// One cell per time: the events at that time, `-` before the sequence ended, empty after.
    private static func timedCells<Element>(
        _ events: [Recorded<Event<Element>>],
        times: [TestTime]
    ) -> (cells: [String], shortened: Bool) {
        var byTime: [TestTime: [Event<Element>]] = [:]
        for recorded in events {
            byTime[recorded.time, default: []].append(recorded.value)
        }
        var cells: [String] = []
        var shortened = false
        var ended = false
        for time in times {
            guard let atTime = byTime[time] else {
                cells.append(ended ? "" : "-")
                continue
            }
            let symbols = atTime.map { event -> String in
                let symbol = self.symbol(event)
                shortened = shortened || symbol.shortened
                return symbol.text
            }
            cells.append(symbols.count == 1 ? symbols[0] : "(" + symbols.joined(separator: ",") + ")")
            ended = ended || atTime.contains { $0.isStopEvent }
        }
        return (cells, shortened)
    }

    /// One cell per position: the event there, or empty past the end of the sequence.
    private static func positionalCells<Element>(
        _ events: [Event<Element>],
        columns: Int
    ) -> (cells: [String], shortened: Bool) {
        var shortened = false
        let cells = (0..<columns).map { index -> String in
            guard index < events.count else { return "" }
            let symbol = self.symbol(events[index])
            shortened = shortened || symbol.shortened
            return symbol.text
        }
        return (cells, shortened)
    }

    /// The diagram symbol of one event, and whether the element text had to be shortened.
    static func symbol<Element>(_ event: Event<Element>) -> (text: String, shortened: Bool) {
        switch event {
        case .completed:
            return ("|", false)
        case .error:
            return ("#", false)
        case .next(let element):
            let text = String(describing: element)
            if text.isEmpty { return ("\"\"", false) }
            let oneLine = !text.contains { $0.isNewline }
            if oneLine && text.count <= maximumSymbolLength { return (text, false) }
            let flattened = String(text.map { $0.isNewline ? " " : $0 })
            return (String(flattened.prefix(maximumSymbolLength - 1)) + "…", true)
        }
    }

    /// The header, the axis, the two diagrams and the marker line under the marked column.
    private static func renderDiagram(
        header: String,
        axisLabel: String,
        axis: [String],
        expected: [String],
        actual: [String],
        markedColumn: Int,
        note: String
    ) -> [String] {
        let labelWidth = [axisLabel, rowLabels.expected, rowLabels.actual].map(\.count).max() ?? 0
        let widths = axis.indices.map { column in
            max(axis[column].count, expected[column].count, actual[column].count) + 1
        }
        func row(_ label: String, _ cells: [String]) -> String {
            var line = indent + pad(label, to: labelWidth + 1)
            for (cell, width) in zip(cells, widths) {
                line += pad(cell, to: width)
            }
            return trimTrailingSpaces(line)
        }
        let offset = indent.count + labelWidth + 1 + widths.prefix(markedColumn).reduce(0, +)
        return [
            header,
            row(axisLabel, axis),
            row(rowLabels.expected, expected),
            row(rowLabels.actual, actual),
            String(repeating: " ", count: offset) + "^ " + note,
        ]
    }

    /// Both sequences as text, one event a line, for elements too long for the diagram.
    private static func listing(expected: [String], actual: [String]) -> [String] {
        var lines = [indent + "expected events:"]
        lines += expected.isEmpty ? [indent + indent + "(none)"] : expected.map { indent + indent + $0 }
        lines.append(indent + "actual events:")
        lines += actual.isEmpty ? [indent + indent + "(none)"] : actual.map { indent + indent + $0 }
        return lines
    }

    /// The text with line breaks written as `\n`, so each event stays on one line.
    private static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.map { $0.isNewline ? "\\n" : String($0) }.joined()
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func trimTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
