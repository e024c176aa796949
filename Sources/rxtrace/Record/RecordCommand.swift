import ArgumentParser
import Foundation
import RxTraceFormat

/// `rxtrace record`: runs a program with tracing on and says where its trace went.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a program with tracing on and keep its trace.",
        discussion: """
            Runs COMMAND with RXTRACE set, so that a program built with RxCore writes its \
            debug() probes and marks to a trace file when it exits (or on SIGUSR1). The \
            program's input and output pass through unchanged, and rxtrace exits with the \
            program's exit status (128 + N when signal N ended it), or 2 when the program \
            exited 0 but wrote no trace.

            The output path: a missing file or an existing trace is written when the trace is \
            complete (a temporary file renamed into place); a folder gets <command>.rxtrace \
            inside it; a device, a FIFO or an open descriptor (/dev/stdout) is written as it \
            is; any other existing file is left alone unless --force is given; a symbolic link \
            is followed, even when it dangles. Nothing at the path is removed before the \
            program runs.

            Examples:
              rxtrace record -- .build/debug/MyApp --iterations 3
              rxtrace record --output run.rxtrace --sites -- swift run MyApp

            EXIT STATUS
              n    the program's own exit status (128 + N when signal N ended it)
              2    the program exited 0 but wrote no trace (for a device or a FIFO: its dump \
            into it failed), or the output path or the command cannot be used
              64   a usage error: an unknown option, or no command after --
            """
    )

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Where to write the trace: a file, a folder, a device or a FIFO.",
            discussion: "Default: <command>.rxtrace in the current directory.", valueName: "path"))
    var output: String?

    @Flag(help: "Replace an existing file at the output path even when it is not a trace.")
    var force = false

    @Flag(help: "Capture the allocation site of every resource (RXTRACE_SITES=1; needs the TraceResources trait).")
    var sites = false

    @Option(help: ArgumentHelp("Ring buffer capacity in records (RXTRACE_CAPACITY), such as 64k or 2m.", valueName: "records"))
    var capacity: String?

    /// The help options, which a program to run can only receive after `--`.
    private static let helpNames: Set<String> = ["-h", "--help", "-help"]

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The program to run and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    mutating func validate() throws {
        // The passthrough argument takes everything after the options, -h and --help too:
        // before a `--` they are record's own.
        if let first = command.first, Self.helpNames.contains(first) {
            throw CleanExit.helpRequest(self)
        }
        if command.first == "--" {
            command.removeFirst()
        } else if let first = command.first, first.hasPrefix("-") {
            // Before a `--`, a word that starts with a dash is one of record's options, misspelt.
            throw ValidationError("unknown option '\(first)'; the program to run goes after --")
        }
        guard !command.isEmpty else {
            throw ValidationError("no command to run: give it after --, as in: rxtrace record -- ./MyApp")
        }
        if let capacity {
            guard let count = TraceCountText.count(capacity) else {
                throw ValidationError(
                    "--capacity \"\(capacity)\" is not a record count such as 65536, 64k or 2m (at most \(TraceCapacity.text(TraceCapacity.maximum)))"
                )
            }
            if let problem = TraceCapacity.problem(with: count) {
                throw ValidationError("--capacity \"\(capacity)\" asks for \(problem)")
            }
        }
    }

    func run() throws {
        // Every other command refuses an empty path; made absolute, it would be the current folder.
        if output == "" { throw CommandFailure("the output path is empty") }
        let executable = try ExecutableLookup.resolve(command[0])
        let defaultName = TracePaths.defaultName(forCommand: command[0])
        let destination = try OutputPath.check(
            try TracePaths.absolute(output ?? defaultName),
            for: .trace,
            force: force,
            offersForce: true,
            nameInFolder: defaultName
        )
        let tracePath = destination.path
        // Set in this process and inherited as bytes: a dictionary from ProcessInfo would hand
        // the program its other variables decoded, with U+FFFD for bytes that are not UTF-8.
        setenv("RXTRACE", tracePath, 1)
        setenv("RXTRACE_QUIET", "1", 1)
        setenv("RXTRACE_REPLACE", force ? "1" : "0", 1)
        if sites { setenv("RXTRACE_SITES", "1", 1) }
        if let capacity { setenv("RXTRACE_CAPACITY", capacity, 1) }
        let before = FileIdentity(path: tracePath)
        // The program says there how each of its dumps went: the only way to know for a trace
        // sent into a device or a FIFO, which rxtrace cannot read back.
        let outcomes = DumpOutcomeFile.make()
        defer { outcomes?.remove() }
        if let outcomes { setenv("RXTRACE_OUTCOME_FILE", outcomes.path, 1) }

        let status = try ChildProcess.run(executable: executable, arguments: Array(command.dropFirst()))

        let standardError = FileHandle.standardError
        if destination.target == .stream {
            let last = outcomes?.lines().last
            if let last, last.hasPrefix("not written") {
                standardError.write(Data("rxtrace: \(command[0]) could not write its trace to \(tracePath) (see its message above)\n".utf8))
                throw ExitCode(status != 0 ? status : 2)
            }
            let what =
                last == "written"
                ? "rxtrace: trace written to \(tracePath) (a device, a FIFO or an open descriptor, which rxtrace cannot read back)\n"
                : "rxtrace: the trace, if \(command[0]) wrote one, went to \(tracePath) (a device, a FIFO or an open descriptor, which rxtrace cannot read back)\n"
            standardError.write(Data(what.utf8))
            if status != 0 { throw ExitCode(status) }
            return
        }
        // The program has ended: any partial file of this path it left (killed mid-dump) is stale.
        PartialFile.removeStale(for: TraceOutputTarget.resolvedPath(tracePath))
        let after = FileIdentity(path: tracePath)
        if let after, after != before, TraceOutputTarget.inspect(tracePath) == .traceFile {
            standardError.write(Data("rxtrace: trace written to \(tracePath) (\(ByteCount.text(after.size)))\n".utf8))
            standardError.write(Data("rxtrace: read it with: rxtrace report \(TracePaths.shellQuoted(tracePath))\n".utf8))
        } else {
            let kept = before == nil ? "" : " (what was there before is unchanged)"
            standardError.write(
                Data(
                    """
                    rxtrace: \(command[0]) wrote no trace to \(tracePath)\(kept).
                    rxtrace: it must use RxCore and end with a normal exit (a crash or _exit skips the exit dump);
                    rxtrace: a running program writes one on SIGUSR1.

                    """.utf8))
            throw ExitCode(status != 0 ? status : 2)
        }
        if status != 0 {
            throw ExitCode(status)
        }
    }
}
