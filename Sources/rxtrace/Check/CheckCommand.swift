import ArgumentParser
import Foundation
import RxTraceAnalysis

/// `rxtrace check`: the CI gate on a trace's leak verdict.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Exit 0 when a trace is clean, 1 when it leaks, 2 when it cannot be used.",
        discussion: """
            For CI: record the program with marks after each repetition (Trace.mark(_:)), then \
            check the trace. A leak is growth of the resource counts in every repetition after \
            the warm-up; a short explanation goes to standard error. An inconclusive trace \
            (too few marks, counts that move without a trend) passes unless --strict is given.
            """
    )

    @Argument(help: ArgumentHelp("The trace file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Growth per repetition still called clean.", valueName: "n"))
    var allowGrowth = 0

    @Option(help: ArgumentHelp("Marks that only warm up, before the repetitions compared.", valueName: "n"))
    var warmUp = 1

    @Flag(help: "Fail (exit 1) on an inconclusive verdict too.")
    var strict = false

    mutating func validate() throws {
        guard warmUp >= 1 else { throw ValidationError("--warm-up must be at least 1") }
        guard allowGrowth >= 0 else { throw ValidationError("--allow-growth must not be negative") }
    }

    func run() throws {
        let file = try TraceInput.open(self.file).file
        let report = LeakAnalysis.analyze(trace: file, warmUpMarks: warmUp, allowedGrowth: allowGrowth)
        let standardError = FileHandle.standardError
        switch report.verdict {
        case .clean:
            print("rxtrace: \(self.file): clean (\(report.iterations) repetitions after the warm-up)")
        case .leaking:
            standardError.write(Data((report.summary + "\n").utf8))
            throw ExitCode(1)
        case .inconclusive:
            standardError.write(Data("rxtrace: \(self.file): inconclusive: \(report.reason)\n".utf8))
            if strict { throw ExitCode(1) }
        }
    }
}
