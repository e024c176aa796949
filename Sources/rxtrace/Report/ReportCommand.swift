import ArgumentParser
import Foundation
import RxTraceAnalysis

/// `rxtrace report`: what a trace says, as text, JSON, marble diagrams or an HTML page.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report on a trace: probes, open subscriptions, errors, marks and the leak verdict.",
        discussion: """
            Formats:
              text     sections for a person (the default); colour only on a terminal, NO_COLOR honoured
              json     the same facts for scripts (full type names beside readable ones); the schema is in docs/report-json.md
              marbles  each probe's subscriptions as marble diagrams (--1--2--3--|), scaled to the terminal
              html     one self-contained page with a marble timeline per probe and a chart of the marks

            The leak verdict compares the resource counts at the marks the program recorded with \
            Trace.mark(_:): the first --warm-up marks are the baseline, every later mark ends one \
            repetition, and growth that keeps coming back over the repetitions is a leak \
            (docs/leaks.md gives the rule).

            A truncated or damaged trace is reported from what could be read (the metadata and \
            the whole blocks of records before the damage); every format says so, and the exit \
            status is 3 unless --allow-partial is given. A trace that cannot be used at all \
            exits 2.

            EXIT STATUS
              0    the report was written
              2    the trace or the output cannot be used (missing, not a trace, no such probe)
              3    a partial report: the trace is truncated or damaged (0 with --allow-partial)
              64   a usage error: an unknown option or a bad value
            """
    )

    /// The report formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html, marbles
    }

    @Argument(help: ArgumentHelp("The trace file.", valueName: "file"))
    var file: String

    @Option(name: .shortAndLong, help: "The format: text, json, html or marbles.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Report on the probe with this identifier only.", valueName: "name"))
    var probe: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write; standard output when omitted or -.", valueName: "out"))
    var output: String?

    /// The range of `--width`: what a terminal or a page can show, and what a diagram's lines
    /// can be built at without exhausting memory.
    static let widthRange = OptionRange(name: "--width", bounds: 20...1000)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Marks that only warm up (lazy resources), before the repetitions compared (1 to 1000000).", valueName: "n"))
    var warmUp = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Growth per repetition still called clean (0 to 1000000000).", valueName: "n"))
    var allowGrowth = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Width of marble diagrams, 20 to 1000 columns; the terminal's width by default.", valueName: "columns"))
    var width: Int?

    @Flag(help: "Exit 0 after reporting on a truncated or damaged trace (it still says it is partial).")
    var allowPartial = false

    /// The exit status after a report on a truncated or damaged trace.
    static let partialStatus: Int32 = 3

    @Flag(help: "List leaking types by their full generic names, not as operator chains.")
    var fullTypeNames = false

    mutating func validate() throws {
        try OptionRange.warmUp.check(warmUp)
        try OptionRange.allowGrowth.check(allowGrowth)
        if let width { try Self.widthRange.check(width) }
    }

    func run() throws {
        let options = TraceSummary.Options(warmUpMarks: warmUp, allowedGrowth: allowGrowth)
        let reading = try TraceReading(path: file, options: options, probe: probe, marbles: format == .marbles || format == .html)
        if let partial = reading.partial {
            PartialRead.warn(path: file, error: partial, recordsRead: reading.recordsRead)
        }
        let out = try BufferedOutput(path: output)
        do {
            switch format {
            case .text:
                let style = output == nil || output == "-" ? TerminalStyle.forStandardOutput() : TerminalStyle(enabled: false)
                var report = TextReport(summary: reading.summary, path: file, partial: reading.partial?.description, style: style)
                report.fullTypeNames = fullTypeNames
                try out.write(report.text + "\n")
            case .json:
                // Streamed: the whole document at once took 50 times the trace's size.
                try reading.summary.writeJSON(pretty: true) { try out.write(bytes: $0) }
                try out.write("\n")
            case .marbles:
                var marbles = MarbleReport(
                    diagrams: reading.diagrams, width: width ?? TerminalWidth.current(), partial: reading.partial?.description)
                marbles.lost = reading.summary.process.lostRecords
                try out.write(marbles.text)
            case .html:
                var page = HTMLReport(summary: reading.summary, diagrams: reading.diagrams, title: file)
                page.fullTypeNames = fullTypeNames
                try out.write(page.html)
            }
            try out.close()
        } catch {
            out.discard()
            throw error
        }
        let status = Self.exitStatus(partial: reading.partial != nil, allowPartial: allowPartial)
        if status != 0 {
            throw ExitCode(status)
        }
    }

    /// The exit status after a report was written: never 0 for a damaged trace, unless the
    /// caller accepts partial reports.
    static func exitStatus(partial: Bool, allowPartial: Bool) -> Int32 {
        partial && !allowPartial ? partialStatus : 0
    }
}

/// The marble diagrams of every probe, one block per probe.
struct MarbleReport {
    let diagrams: [MarbleDiagram]
    let width: Int
    /// The damage that cut the trace short, said first so the diagrams are not taken as whole.
    var partial: String? = nil
    /// Records the ring buffer overwrote: the diagrams start after them.
    var lost: UInt64 = 0

    var text: String {
        var banner = partial.map { "partial trace: \($0); the diagrams show the records before it\n\n" } ?? ""
        if lost > 0 {
            banner += "the ring buffer overwrote the \(lost) oldest records: the diagrams show the records kept\n\n"
        }
        guard !diagrams.isEmpty else { return banner + "no probe has subscriptions to draw\n" }
        return banner + diagrams.map { $0.render(width: width) }.joined(separator: "\n") + "\n" + MarbleDiagram.legend + "\n"
    }
}

/// The terminal's width, from `COLUMNS` or the terminal itself, else 80; never beyond
/// `--width`'s range, which a huge `COLUMNS` would otherwise pass.
enum TerminalWidth {
    static func current() -> Int {
        let range = ReportCommand.widthRange.bounds
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= range.lowerBound {
            return min(columns, range.upperBound)
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, Int(size.ws_col) >= range.lowerBound {
            return min(Int(size.ws_col), range.upperBound)
        }
        return 80
    }
}
