import ArgumentParser
import Foundation
import RxTraceFormat

/// `rxtrace diff`: compares the resource counts of two traces, type by type.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two traces' resource counts per type, for before and after a change.",
        discussion: """
            Compares the last mark of each trace (or the marks named with --mark): the total and \
            the live count of every resource type, largest change first. Marks are written by \
            Trace.mark(_:) in the traced program. --fail-on-growth n makes it a CI gate: exit 1 \
            when Resources.total grew by more than n from a to b.

            EXIT STATUS
              0    compared (and, with --fail-on-growth, within the allowance)
              1    --fail-on-growth: the total grew by more than allowed
              2    a trace cannot be used, or has no mark with the --mark label (the message \
            lists its marks)
              64   a usage error: an unknown option or a bad value
            """
    )

    @Argument(help: ArgumentHelp("The trace before.", valueName: "a"))
    var before: String

    @Argument(help: ArgumentHelp("The trace after.", valueName: "b"))
    var after: String

    @Option(help: ArgumentHelp("Compare the last mark with this label instead of the last mark.", valueName: "label"))
    var mark: String?

    @Option(help: ArgumentHelp("Exit 1 when Resources.total grew by more than n from a to b (0: any growth).", valueName: "n"))
    var failOnGrowth: Int?

    mutating func validate() throws {
        if let failOnGrowth, failOnGrowth < 0 { throw ValidationError("--fail-on-growth must not be negative") }
    }

    func run() throws {
        let first = try ResourceCounts(path: before, label: mark)
        let second = try ResourceCounts(path: after, label: mark)
        print(ResourceDiff(before: first, after: second).text)
        if let failOnGrowth {
            // A gate on totals that were never counted would pass on nothing.
            for counts in [first, second] where counts.total < 0 {
                throw CommandFailure("\(counts.path): the marks carry no resource counts (built without the TraceResources trait), so --fail-on-growth cannot compare them")
            }
            let growth = Int128(second.total) - Int128(first.total)
            if growth > Int128(failOnGrowth) {
                FileHandle.standardError.write(Data("rxtrace: Resources.total grew by \(growth) from a to b, more than the \(failOnGrowth) allowed by --fail-on-growth\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}

/// The resource counts at one mark of a trace.
struct ResourceCounts {
    /// The file they come from.
    let path: String
    /// The mark's label.
    let label: String
    /// `Resources.total` at the mark.
    let total: Int64
    /// Live count per type name.
    let types: [String: Int64]

    /// Reads the last mark of `path`, or the last one labelled `label`.
    ///
    /// - Throws: ``CommandFailure`` when the file cannot be used or has no such mark.
    init(path: String, label: String?) throws {
        let file = try TraceInput.open(path).file
        let marks = label.map { wanted in file.marks.filter { file.string($0.label) == wanted } } ?? file.marks
        guard let mark = marks.last else {
            if let label {
                var labels: [String] = []
                for mark in file.marks {
                    let text = file.string(mark.label) ?? "?"
                    if !labels.contains(text) { labels.append(text) }
                }
                let known = labels.isEmpty ? "it has no marks" : "its marks: " + labels.map { "\"\($0)\"" }.joined(separator: ", ")
                throw CommandFailure("\(path): no mark labelled \"\(label)\"; \(known)")
            }
            throw CommandFailure("\(path): no marks to compare; the traced program records them with Trace.mark(_:)")
        }
        self.path = path
        self.label = file.string(mark.label) ?? ""
        total = mark.resourcesTotal
        var types: [String: Int64] = [:]
        for entry in mark.types {
            // Counts come from the file: a damaged or hostile one must not make the sum trap.
            let name = file.string(entry.name) ?? "?"
            let (sum, overflow) = types[name, default: 0].addingReportingOverflow(entry.count)
            types[name] = overflow ? (entry.count > 0 ? .max : .min) : sum
        }
        self.types = types
    }

    init(path: String, label: String, total: Int64, types: [String: Int64]) {
        self.path = path
        self.label = label
        self.total = total
        self.types = types
    }
}

/// Two sets of counts side by side, as a table.
struct ResourceDiff {
    let before: ResourceCounts
    let after: ResourceCounts

    /// One row per type whose count differs (largest change first), then the unchanged count
    /// and the totals.
    var text: String {
        let names = Set(before.types.keys).union(after.types.keys)
        let rows = names.map { name in (name: name, a: before.types[name] ?? 0, b: after.types[name] ?? 0) }
        let changed = rows.filter { $0.a != $0.b }.sorted {
            (Self.change($0.a, $0.b).magnitude, $1.name) > (Self.change($1.a, $1.b).magnitude, $0.name)
        }
        var lines = [
            "a: \(before.path) (mark \"\(before.label)\")",
            "b: \(after.path) (mark \"\(after.label)\")",
            "",
        ]
        let width = max(5, changed.map(\.name.count).max() ?? 0)
        func row(_ name: String, _ a: String, _ b: String, _ change: String) -> String {
            name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Self.right(a, 8) + "  " + Self.right(b, 8) + "  " + Self.right(change, 8)
        }
        lines.append(row("type", "a", "b", "change"))
        for entry in changed {
            lines.append(row(entry.name, String(entry.a), String(entry.b), Self.signed(Self.change(entry.a, entry.b))))
        }
        if changed.isEmpty {
            lines.append("(no type changed)")
        }
        let unchanged = rows.count - changed.count
        if unchanged > 0 {
            lines.append("\(unchanged) other type\(unchanged == 1 ? "" : "s") unchanged")
        }
        // A program built without the trait stores -1: say so rather than show the number.
        let counted = before.total >= 0 && after.total >= 0
        lines.append(row(
            "total",
            before.total >= 0 ? String(before.total) : "not counted",
            after.total >= 0 ? String(after.total) : "not counted",
            counted ? Self.signed(Self.change(before.total, after.total)) : ""
        ))
        return lines.joined(separator: "\n")
    }

    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `b - a` without overflow: counts read from a file may be anywhere in `Int64`.
    private static func change(_ a: Int64, _ b: Int64) -> Int128 {
        Int128(b) - Int128(a)
    }

    private static func signed(_ value: Int128) -> String {
        value > 0 ? "+\(value)" : String(value)
    }
}
