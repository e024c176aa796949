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
            goes to standard error. A trace without marks is judged the same way on the resource \
            counts the traced program sampled over time (every second by default, \
            RXTRACE_SAMPLE_PERIOD): each sample is one repetition, and the first quarter of them \
            warms up (--warm-up counts marks only). An inconclusive trace (too few marks, growth too recent to \
            tell, counts still moving) passes unless --strict is given.

            A baseline file lists accepted leaks by allocation-site fingerprint (record with \
            --sites): with --baseline, only leaking sites it does not list fail the check. \
            --write-baseline writes the trace's leaking sites to a file to start one.

            The whole file is read first, every block of records and the end section included: \
            a truncated or corrupted trace exits 2 naming the damage. --allow-partial accepts a \
            trace whose metadata is whole (the marks the verdict uses) with a warning instead. A \
            trace from a program built without the TraceResources trait has no counts to judge: \
            it exits 2 saying so, never 0.

            Formats (--format): text (the default), json (the verdict, the findings and the \
            leak report), github (workflow annotations, ::error file=…,line=…:: per leaking \
            site or type), junit (JUnit XML, one failed test case per leaking site or type, one \
            passed case when clean) and sarif (SARIF 2.1.0 for code scanning, located at the \
            allocation sites). The document goes to standard output, the explanation to \
            standard error; the exit status is the same in every format.

            File paths: the program records each site's file as its #fileID \
            (Module/File.swift). For json, github, junit and sarif they become paths relative to \
            the repository: the module is looked up among the targets of the package at or above \
            the current folder (Package.swift's text and the Sources/<Target> and \
            Tests/<Target> folders, else `swift package describe`), and the path is written \
            relative to --source-root, else to the git work tree holding the package, else to \
            the package. A file that cannot be placed keeps its #fileID, and a warning on \
            standard error (and the finding's message) says why.

            EXIT STATUS
              0    clean; or inconclusive without --strict; or leaking only at sites the \
            --baseline accepts; or --write-baseline wrote the baseline
              1    leaking (new sites with --baseline); or inconclusive with --strict
              2    the trace cannot be used: missing, not a trace, damaged (without \
            --allow-partial), from a program built without the TraceResources trait; or the \
            baseline cannot be read; or --source-root is not a folder
              3    no verdict can be given: the trace has no marks, and no resource samples \
            (sampling off, or a trace from before they existed) or fewer than 3
              64   a usage error: an unknown option or a bad value
            """
    )

    /// The status of a trace that cannot give a verdict: no marks, and no resource samples or
    /// too few (distinct from 0, 1 and 2 so that CI can tell it apart).
    static let noVerdictStatus: Int32 = 3

    @Argument(help: ArgumentHelp("The trace file.", valueName: "file"))
    var file: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Growth per repetition still called clean (0 to 1000000000).", valueName: "n"))
    var allowGrowth = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Marks that only warm up, before the repetitions compared (1 to 1000000).", valueName: "n"))
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

    @Option(name: .shortAndLong, help: "The output format: text, json, github (workflow annotations), junit or sarif.")
    var format: CheckFormat = .text

    @Option(
        help: ArgumentHelp(
            "The repository folder that file paths in json, github, junit and sarif output are relative to; by default the git work tree (else the package) holding the current folder.",
            valueName: "dir"))
    var sourceRoot: String?

    mutating func validate() throws {
        try OptionRange.warmUp.check(warmUp)
        try OptionRange.allowGrowth.check(allowGrowth)
    }

    func run() throws {
        if let sourceRoot {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sourceRoot, isDirectory: &folder), folder.boolValue else {
                throw CommandFailure("--source-root \(sourceRoot) is not a folder")
            }
        }
        let accepted = try baseline.map(Self.readBaseline)
        // An output that cannot be written is said before the trace is judged.
        if let writeBaseline, writeBaseline != "-" { _ = try OutputPath.check(writeBaseline, for: .text) }
        let reader = try TraceInput.open(self.file)
        try TraceDamageCheck.requireWhole(reader, allowPartial: allowPartial)
        let file = reader.file
        // A program built without the trait marks no counts: a check that passed on them
        // would be a green CI job that checked nothing.
        if let uncounted = UncountedMarks.reason(file) {
            throw CommandFailure("\(self.file) cannot be checked: \(uncounted)")
        }
        // Without marks the verdict comes from the resource samples; a trace with neither has
        // none to give, which must not pass as a clean or an inconclusive one.
        if file.marks.isEmpty, let problem = LeakAnalysis.sampleProblem(trace: file) {
            FileHandle.standardError.write(Data("rxtrace: \(self.file): no verdict: the trace has no marks and \(problem)\n".utf8))
            throw ExitCode(Self.noVerdictStatus)
        }
        let report = LeakAnalysis.analyze(trace: file, warmUpMarks: warmUp, allowedGrowth: allowGrowth)
        let standardError = FileHandle.standardError
        if let writeBaseline {
            let accepting = LeakBaseline(accepting: report)
            let output = try BufferedOutput(path: writeBaseline)
            try output.write(accepting.text)
            try output.close()
            standardError.write(Data("rxtrace: wrote \(accepting.entries.count) accepted sites to \(writeBaseline)\n".utf8))
            // Writing the baseline is what was asked: done, whatever the verdict.
            if report.verdict == .leaking {
                standardError.write(Data((report.summary(fullTypeNames: fullTypeNames) + "\n").utf8))
            }
            return
        }
        var outcome = outcome(of: report, accepted: accepted)
        if format != .text && outcome.hasFiles {
            // The program recorded `Module/File.swift`; CI servers place repository paths.
            outcome = outcome.placingFiles(
                with: SourcePathResolver(sourceRoot: sourceRoot, currentFolder: FileManager.default.currentDirectoryPath))
            for warning in outcome.unplacedFileWarnings { standardError.write(Data((warning + "\n").utf8)) }
        }
        switch format {
        case .text:
            writeText(outcome, accepted: accepted)
        case .json:
            print(try CheckJSON.text(outcome), terminator: "")
        case .github:
            print(GitHubAnnotations.text(outcome), terminator: "")
        case .junit:
            print(JUnitReport.text(outcome), terminator: "")
        case .sarif:
            print(try SARIFLog.text(outcome, version: RxTraceCommand.configuration.version), terminator: "")
        }
        if format != .text {
            // The machine-readable document is on standard output; the explanation still
            // goes to the log.
            if outcome.status != 0 || report.verdict == .inconclusive {
                standardError.write(Data((report.summary(fullTypeNames: fullTypeNames) + "\n").utf8))
            }
        }
        if outcome.status != 0 { throw ExitCode(outcome.status) }
    }

    /// The verdict with the baseline and `--strict` applied.
    private func outcome(of report: LeakReport, accepted: LeakBaseline?) -> CheckOutcome {
        switch report.verdict {
        case .clean:
            return CheckOutcome(
                path: file, report: report, status: 0, reason: "clean (\(report.iterations) repetitions after the warm-up)", findings: [])
        case .inconclusive:
            let findings = strict ? CheckFinding.findings(report: report, newLeaks: nil, fullTypeNames: fullTypeNames) : []
            return CheckOutcome(
                path: file, report: report, status: strict ? 1 : 0, reason: "inconclusive: \(report.reason)", findings: findings)
        case .leaking:
            if let accepted {
                let evaluation = accepted.evaluate(report)
                if evaluation.passes {
                    return CheckOutcome(
                        path: file, report: report, status: 0, reason: "leaking, but only at accepted sites: \(evaluation.reason)",
                        findings: [])
                }
                let findings = CheckFinding.findings(
                    report: report, newLeaks: evaluation.newLeaks.isEmpty ? nil : evaluation.newLeaks, fullTypeNames: fullTypeNames)
                return CheckOutcome(path: file, report: report, status: 1, reason: evaluation.reason, findings: findings)
            }
            return CheckOutcome(
                path: file, report: report, status: 1, reason: report.reason,
                findings: CheckFinding.findings(report: report, newLeaks: nil, fullTypeNames: fullTypeNames))
        }
    }

    /// The text format: a line on standard output when it passes, the explanation on
    /// standard error when it does not (or is inconclusive).
    private func writeText(_ outcome: CheckOutcome, accepted: LeakBaseline?) {
        let standardError = FileHandle.standardError
        let report = outcome.report
        if let accepted, report.verdict == .leaking {
            if outcome.status == 0 {
                print("rxtrace: \(file): \(outcome.reason)")
                return
            }
            standardError.write(Data("rxtrace: \(file): \(outcome.reason)\n".utf8))
            for site in accepted.evaluate(report).newLeaks {
                standardError.write(Data("  new leak: \(site.leaked) leaked at \(site.userFrame) [\(site.fingerprintText)]\n".utf8))
            }
        }
        switch report.verdict {
        case .clean:
            print("rxtrace: \(file): \(outcome.reason)")
        case .leaking:
            standardError.write(Data((report.summary(fullTypeNames: fullTypeNames) + "\n").utf8))
        case .inconclusive:
            standardError.write(Data("rxtrace: \(file): \(outcome.reason)\n".utf8))
        }
    }

    /// The baseline at `path`; a missing or malformed file is a usage error (exit 2).
    private static func readBaseline(_ path: String) throws -> LeakBaseline {
        try TraceInput.requireRegularFile(path, role: "the baseline ")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the baseline \(path): \(String(cString: strerror(errno)))")
        }
        do {
            return try LeakBaseline(parsing: String(decoding: data, as: UTF8.self))
        } catch {
            throw CommandFailure("the baseline \(path) is not a baseline file: \(error)")
        }
    }
}
