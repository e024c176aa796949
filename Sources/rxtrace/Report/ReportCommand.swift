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

    @Option(help: ArgumentHelp("Marks that only warm up (lazy resources), before the repetitions compared.", valueName: "n"))
    var warmUp = 1

    @Option(help: ArgumentHelp("Growth per repetition still called clean.", valueName: "n"))
    var allowGrowth = 0

    @Option(help: ArgumentHelp("Width of marble diagrams; the terminal's width by default.", valueName: "columns"))
    var width: Int?

    @Flag(help: "List leaking types by their full generic names, not as operator chains.")
    var fullTypeNames = false

    mutating func validate() throws {
        guard warmUp >= 1 else { throw ValidationError("--warm-up must be at least 1") }
        guard allowGrowth >= 0 else { throw ValidationError("--allow-growth must not be negative") }
        if let width, width < 20 { throw ValidationError("--width must be at least 20") }
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
                try out.write(try reading.summary.jsonText(pretty: true) + "\n")
            case .marbles:
                try out.write(MarbleReport(diagrams: reading.diagrams, width: width ?? TerminalWidth.current()).text)
            case .html:
                try out.write(HTMLReport(summary: reading.summary, diagrams: reading.diagrams, title: file).html)
            }
            try out.close()
        } catch {
            out.discard()
            throw error
        }
    }
}

/// The marble diagrams of every probe, one block per probe.
struct MarbleReport {
    let diagrams: [MarbleDiagram]
    let width: Int

    var text: String {
        guard !diagrams.isEmpty else { return "no probe has subscriptions to draw\n" }
        return diagrams.map { $0.render(width: width) }.joined(separator: "\n") + "\n" + MarbleDiagram.legend + "\n"
    }
}

/// The terminal's width, from `COLUMNS` or the terminal itself, else 80.
enum TerminalWidth {
    static func current() -> Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= 20 {
            return columns
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 {
            return Int(size.ws_col)
        }
        return 80
    }
}
