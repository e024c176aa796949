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
            check the trace. A leak is growth of the resource counts that keeps coming back over \
            the repetitions after the warm-up, even if not in every one (the rule of \
            docs/leaks.md, the same as XCTAssertNoLeaks and expectNoLeaks); a short explanation \
            goes to standard error. An inconclusive trace (too few marks, growth too recent to \
            tell, counts still moving) passes unless --strict is given.

            A baseline file lists accepted leaks by allocation-site fingerprint (record with \
            --sites): with --baseline, only leaking sites it does not list fail the check. \
            --write-baseline writes the trace's leaking sites to a file to start one.

            The whole file is read first, every block of records and the end section included: \
            a truncated or corrupted trace exits 2 naming the damage. --allow-partial accepts a \
            trace whose metadata is whole (the marks the verdict uses) with a warning instead.
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

    @Option(help: ArgumentHelp("Accepted leaks by site fingerprint: fail only on others.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Write the trace's leaking sites as a baseline file.", valueName: "file"))
    var writeBaseline: String?

    @Flag(help: "Judge a truncated or damaged trace by its whole metadata instead of exiting 2.")
    var allowPartial = false

    @Flag(help: "List leaking types by their full generic names, not as operator chains.")
    var fullTypeNames = false

    mutating func validate() throws {
        guard warmUp >= 1 else { throw ValidationError("--warm-up must be at least 1") }
        guard allowGrowth >= 0 else { throw ValidationError("--allow-growth must not be negative") }
    }

    func run() throws {
        let accepted = try baseline.map(Self.readBaseline)
        let reader = try TraceInput.open(self.file)
        try TraceDamageCheck.requireWhole(reader, allowPartial: allowPartial)
        let file = reader.file
        let report = LeakAnalysis.analyze(trace: file, warmUpMarks: warmUp, allowedGrowth: allowGrowth)
        let standardError = FileHandle.standardError
        if let writeBaseline {
            let accepting = LeakBaseline(accepting: report)
            let output = try BufferedOutput(path: writeBaseline)
            try output.write(accepting.text)
            try output.close()
            standardError.write(Data("rxtrace: wrote \(accepting.entries.count) accepted sites to \(writeBaseline)\n".utf8))
        }
        if let accepted, report.verdict == .leaking {
            let evaluation = accepted.evaluate(report)
            if evaluation.passes {
                print("rxtrace: \(self.file): leaking, but only at accepted sites: \(evaluation.reason)")
                return
            }
            standardError.write(Data("rxtrace: \(self.file): \(evaluation.reason)\n".utf8))
            for site in evaluation.newLeaks {
                standardError.write(Data("  new leak: \(site.leaked) leaked at \(site.userFrame) [\(site.fingerprintText)]\n".utf8))
            }
        }
        switch report.verdict {
        case .clean:
            print("rxtrace: \(self.file): clean (\(report.iterations) repetitions after the warm-up)")
        case .leaking:
            standardError.write(Data((report.summary(fullTypeNames: fullTypeNames) + "\n").utf8))
            throw ExitCode(1)
        case .inconclusive:
            standardError.write(Data("rxtrace: \(self.file): inconclusive: \(report.reason)\n".utf8))
            if strict { throw ExitCode(1) }
        }
    }

    /// The baseline at `path`; a missing or malformed file is a usage error (exit 2).
    private static func readBaseline(_ path: String) throws -> LeakBaseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the baseline \(path): no such file")
        }
        do {
            return try LeakBaseline(parsing: String(decoding: data, as: UTF8.self))
        } catch {
            throw CommandFailure("the baseline \(path) is not a baseline file: \(error)")
        }
    }
}
