import ArgumentParser
import Foundation
import RxCore
import RxTraceAnalysis
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
            to a temporary folder (or --output) and reported on as `rxtrace report` would; the \
            leaking scenario's verdict names the types that grew. Counting needs the \
            TraceResources trait: \(CountingOffNotice.command)
            """
    )

    /// Runs per scenario: the warm-up plus the measured repetitions.
    static let repetitions = 4

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder for the traces (created when missing); a new temporary folder by default.", valueName: "dir"))
    var output: String?

    func run() throws {
        if let output { try OutputPath.checkFolder(output, create: false) }
        guard Resources.isEnabled else {
            print(CountingOffNotice.text)
            throw ExitCode.failure
        }
        // Backtraces for every resource, so the leak shows the lines that made it (unless the
        // user chose a level with RXTRACE_SITES).
        if ProcessInfo.processInfo.environment[AllocationSites.environmentVariable] == nil {
            AllocationSites.mode = .all
        }
        let folder = try output ?? Self.temporaryFolder()
        try OutputPath.checkFolder(folder)
        let style = TerminalStyle.forStandardOutput()
        print(style.bold("rxtrace demo") + ": each scenario runs \(Self.repetitions) times (1 warm-up + \(Self.repetitions - 1)) with tracing on.")
        for scenario in DemoScenario.all {
            let path = "\(folder)/\(scenario.name).rxtrace"
            do {
                try Self.trace(scenario, to: try OutputPath.check(path, for: .trace).path)
            } catch let error as TraceFileError {
                throw CommandFailure(error.description)
            }
            let reading = try TraceReading(path: path, options: TraceSummary.Options())
            print("")
            print(style.bold("== \(scenario.name): \(scenario.summary)"))
            print(TextReport(summary: reading.summary, path: path, partial: nil, style: style).text)
        }
        print("")
        print("The traces are in \(folder). Try:")
        print("  rxtrace report \(TracePaths.shellQuoted(folder + "/leaking.rxtrace")) --format marbles --probe query")
        print("  rxtrace check \(TracePaths.shellQuoted(folder + "/leaking.rxtrace"))")
    }

    /// Runs a scenario with tracing on and writes its trace to `path`.
    static func trace(_ scenario: DemoScenario, to path: String) throws {
        Trace.start(TraceConfiguration(path: path, dumpsAtExit: false, dumpsOnSignal: false))
        defer { Trace.stop() }
        for repetition in 1...repetitions {
            scenario.repetition()
            Trace.mark(repetition == 1 ? "warm-up" : "repetition \(repetition - 1)")
        }
        try Trace.dump(to: path)
    }

    private static func temporaryFolder() throws -> String {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rxtrace-demo-\(getpid())")
        return base.path
    }
}
