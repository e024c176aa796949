import ArgumentParser
import Foundation
import RxTraceAnalysis
import RxTraceDemo
import RxTraceFormat

/// `rxtrace demo`: runs the built-in scenarios with tracing on and reports on their traces.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Trace a clean and a leaking search screen, and report on both traces.",
        discussion: """
            Each scenario opens a search screen, types a few queries and closes it, \
            \(DemoCommand.repetitions) times (a warm-up, then \(DemoCommand.repetitions - 1) measured \
            repetitions), with tracing on and a mark after each repetition. The traces are written \
            to a temporary folder, removed when the demo ends (--keep keeps it and says where), or \
            to the folder given with --output, which is kept; they are reported on as \
            `rxtrace report` would, and the leaking scenario's verdict names the types that grew. \
            Counting needs the TraceResources trait: \(CountingOffNotice.command)

            EXIT STATUS
              0  the demo ran
              1  counting is off (built without the TraceResources trait)
              2  the output folder cannot be used
              64 a usage error (an unknown option)
            """
    )

    /// Runs per scenario: the warm-up plus the measured repetitions.
    static let repetitions = 4

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The folder for the traces (created when missing); a new temporary folder by default.", valueName: "dir"))
    var output: String?

    @Flag(help: "Keep the temporary folder with the traces, to read them again (--output folders are always kept).")
    var keep = false

    func run() throws {
        if let output { try OutputPath.checkFolder(output, create: false) }
        guard DemoTracing.countsResources else {
            print(CountingOffNotice.text)
            throw ExitCode.failure
        }
        DemoTracing.captureAllSitesUnlessChosen()
        let folder = try output ?? Self.temporaryFolder()
        try OutputPath.checkFolder(folder)
        // Only a folder the demo made is removed, and only with the traces it wrote inside.
        let removing = output == nil && !keep
        var written: [String] = []
        defer {
            if removing {
                for path in written { try? FileManager.default.removeItem(atPath: path) }
                rmdir(folder)
            }
        }
        let style = TerminalStyle.forStandardOutput()
        print(
            style.bold("rxtrace demo")
                + ": each scenario runs \(Self.repetitions) times (1 warm-up + \(Self.repetitions - 1)) with tracing on.")
        for scenario in DemoScenario.all {
            let path = "\(folder)/\(scenario.name).rxtrace"
            do {
                let checked = try OutputPath.check(path, for: .trace).path
                written.append(checked)
                try DemoTracing.trace(scenario, repetitions: Self.repetitions, to: checked)
            } catch let error as TraceFileError {
                throw CommandFailure(error.description)
            }
            let reading = try TraceReading(path: path, options: TraceSummary.Options())
            print("")
            print(style.bold("== \(scenario.name): \(scenario.summary)"))
            print(TextReport(summary: reading.summary, path: path, partial: nil, style: style).text)
        }
        print("")
        guard !removing else {
            print("The traces were in a temporary folder, now removed; to read them again, run it with --keep or --output <dir>.")
            return
        }
        print("The traces are in \(folder). Try:")
        print("  rxtrace report \(TracePaths.shellQuoted(folder + "/leaking.rxtrace")) --format marbles --probe query")
        print("  rxtrace check \(TracePaths.shellQuoted(folder + "/leaking.rxtrace"))")
    }

    /// A new folder of its own under the temporary directory (`TMPDIR`).
    private static func temporaryFolder() throws -> String {
        let template = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rxtrace-demo-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw CommandFailure("cannot create a temporary folder in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
