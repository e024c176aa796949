import ArgumentParser
import Foundation
import RxTraceAnalysis

/// `rxtrace diff`: compares the resource counts of two traces, type by type.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two traces' resource counts per type, for before and after a change.",
        discussion: """
            Compares the last mark of each trace (or the marks named with --mark): the total and \
            the live count of every resource type, largest change first. Types are named as \
            operator chains (map ← AnonymousObserver), types of the same chain counted together, \
            so that every line fits 100 columns; --full-type-names lists the full generic names \
            instead. Marks are written by \
            Trace.mark(_:) in the traced program. --fail-on-growth n makes it a CI gate: exit 1 \
            when Resources.total grew by more than n from a to b.

            Both files are read whole first, every block of records and the end section \
            included, as `rxtrace check` reads them: a truncated or corrupted trace exits 2 \
            naming the damage, so a gate never passes on a damaged file. --allow-partial \
            compares a trace whose metadata (the marks) is whole, with a warning.

            EXIT STATUS
              0    compared (and, with --fail-on-growth, within the allowance)
              1    --fail-on-growth: the total grew by more than allowed
              2    a trace cannot be used (missing, not a trace, truncated or damaged without \
            --allow-partial), or has no mark with the --mark label (the message lists its marks)
              64   a usage error: an unknown option or a bad value
            """
    )

    @Argument(help: ArgumentHelp("The trace before.", valueName: "a"))
    var before: String

    @Argument(help: ArgumentHelp("The trace after.", valueName: "b"))
    var after: String

    @Option(help: ArgumentHelp("Compare the last mark with this label instead of the last mark.", valueName: "label"))
    var mark: String?

    /// The range of `--fail-on-growth`.
    static let failOnGrowthRange = OptionRange(name: "--fail-on-growth", bounds: 0...Int.max, open: true)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Exit 1 when Resources.total grew by more than n (≥ 0) from a to b (0: any growth).", valueName: "n"))
    var failOnGrowth: Int?

    @Flag(help: "Compare a truncated or damaged trace by its whole metadata (its marks) instead of exiting 2.")
    var allowPartial = false

    @Flag(help: "List types by their full generic names, not as operator chains (lines may then exceed 100 columns).")
    var fullTypeNames = false

    mutating func validate() throws {
        if let failOnGrowth { try Self.failOnGrowthRange.check(failOnGrowth) }
    }

    func run() throws {
        let first = try ResourceCounts(path: before, label: mark, allowPartial: allowPartial)
        let second = try ResourceCounts(path: after, label: mark, allowPartial: allowPartial)
        print(ResourceDiff(before: first, after: second, fullTypeNames: fullTypeNames).text)
        if let failOnGrowth {
            // A gate on totals that were never counted would pass on nothing.
            for counts in [first, second] where !counts.mark.counted {
                throw CommandFailure(
                    "\(counts.path): the marks carry no resource counts (built without the TraceResources trait), so --fail-on-growth cannot compare them"
                )
            }
            let growth = MarkComparison(before: first.mark, after: second.mark).totalChange ?? 0
            if growth > Int128(failOnGrowth) {
                FileHandle.standardError.write(
                    Data(
                        "rxtrace: Resources.total grew by \(growth) from a to b, more than the \(failOnGrowth) allowed by --fail-on-growth\n"
                            .utf8))
                throw ExitCode(1)
            }
        }
    }
}

/// The resource counts at one mark of a trace, read from a file.
struct ResourceCounts {
    /// The file they come from.
    let path: String
    /// The mark, its counts added up per type name.
    let mark: MarkSummary

    /// `Resources.total` at the mark; negative when it was not counted.
    var total: Int { mark.resourcesTotal }

    /// Reads the last mark of `path`, or the last one labelled `label`, after reading the
    /// whole file as `check` does: comparing only the metadata passed cut and corrupted files.
    ///
    /// - Throws: ``CommandFailure`` when the file cannot be used, is damaged (unless
    ///   `allowPartial`) or has no such mark.
    init(path: String, label: String?, allowPartial: Bool = false) throws {
        let reader = try TraceInput.open(path)
        try TraceDamageCheck.requireWhole(reader, allowPartial: allowPartial)
        let file = reader.file
        guard let mark = file.lastMark(labelled: label) else {
            if let label {
                let labels = file.markLabels
                let known = labels.isEmpty ? "it has no marks" : "its marks: " + labels.map { "\"\($0)\"" }.joined(separator: ", ")
                throw CommandFailure("\(path): no mark labelled \"\(label)\"; \(known)")
            }
            throw CommandFailure("\(path): no marks to compare; the traced program records them with Trace.mark(_:)")
        }
        self.path = path
        self.mark = MarkSummary(mark, in: file)
    }
}

/// Two sets of counts side by side, as a table.
struct ResourceDiff {
    let before: ResourceCounts
    let after: ResourceCounts
    /// Whether rows name types by their full generic names rather than readable ones.
    var fullTypeNames = false

    /// The widest a row gets with readable names, unless its numbers leave a name less than
    /// ``minimumNameColumn``.
    static let lineLimit = 100
    /// The least room a name gets, however wide the numbers.
    static let minimumNameColumn = 20

    /// One row per type whose count differs (largest change first), then the unchanged count
    /// and the totals.
    var text: String {
        let comparison = MarkComparison(before: shown(before.mark), after: shown(after.mark))
        var lines = [
            "a: \(before.path) (mark \"\(before.mark.label)\")",
            "b: \(after.path) (mark \"\(after.mark.label)\")",
            "",
        ]
        // A program built without the trait stores -1: say so rather than show the number.
        let totals = [
            before.mark.counted ? String(before.total) : "not counted",
            after.mark.counted ? String(after.total) : "not counted",
            comparison.totalChange.map(Self.signed) ?? "",
        ]
        // Numbers take 8 columns unless one is wider; the names get the rest of 100.
        let numbers = comparison.changed.flatMap { [String($0.before), String($0.after), Self.signed($0.change)] } + totals
        let column = max(8, numbers.map(\.count).max() ?? 0)
        let nameLimit = max(Self.minimumNameColumn, Self.lineLimit - 3 * (column + 2))
        let longest = comparison.changed.map(\.name.count).max() ?? 0
        let width = max(5, fullTypeNames ? longest : min(longest, nameLimit))
        func row(_ name: String, _ a: String, _ b: String, _ change: String) -> String {
            let name = name.count > width ? name.prefix(width - 1) + "…" : name
            return name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Self.right(a, column) + "  " + Self.right(b, column)
                + "  " + Self.right(change, column)
        }
        lines.append(row("type", "a", "b", "change"))
        for entry in comparison.changed {
            lines.append(row(entry.name, String(entry.before), String(entry.after), Self.signed(entry.change)))
        }
        if comparison.changed.isEmpty {
            lines.append("(no type changed)")
        }
        let unchanged = comparison.unchangedCount
        if unchanged > 0 {
            lines.append("\(unchanged) other type\(unchanged == 1 ? "" : "s") unchanged")
        }
        lines.append(row("total", totals[0], totals[1], totals[2]))
        return lines.joined(separator: "\n")
    }

    /// `mark` with its types under the names the table shows: readable ones (counts of one
    /// chain added up) unless full names were asked for.
    private func shown(_ mark: MarkSummary) -> MarkSummary {
        guard !fullTypeNames else { return mark }
        var renamed = mark
        renamed.types = mark.types.map { ResourceTypeCount(name: TypeNameText.readable($0.name), count: $0.count) }
        return renamed
    }

    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func signed(_ value: Int128) -> String {
        value > 0 ? "+\(value)" : String(value)
    }
}
