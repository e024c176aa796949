import ArgumentParser
import Foundation

/// `rxtrace record`: runs a program with tracing on and says where its trace went.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a program with tracing on and keep its trace.",
        discussion: """
            Runs COMMAND with RXTRACE set, so that a program built with RxCore writes its \
            debug() probes and marks to a trace file when it exits (or on SIGUSR1). The \
            program's input and output pass through unchanged, and rxtrace exits with the \
            program's exit status (128 + N when signal N ended it).

            Examples:
              rxtrace record -- .build/debug/MyApp --iterations 3
              rxtrace record --output run.rxtrace --sites -- swift run MyApp
            """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the trace.", discussion: "Default: <command>.rxtrace in the current directory.", valueName: "path"))
    var output: String?

    @Flag(help: "Capture the allocation site of every resource (RXTRACE_SITES=1; needs the TraceResources trait).")
    var sites = false

    @Option(help: ArgumentHelp("Ring buffer capacity in records (RXTRACE_CAPACITY), such as 64k or 2m.", valueName: "records"))
    var capacity: String?

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The program to run and its arguments, after --.", valueName: "command"))
    var command: [String] = []

    mutating func validate() throws {
        if command.first == "--" { command.removeFirst() }
        guard !command.isEmpty else {
            throw ValidationError("no command to run: give it after --, as in: rxtrace record -- ./MyApp")
        }
    }

    func run() throws {
        let executable = try ExecutableLookup.resolve(command[0])
        let tracePath = TracePaths.absolute(output ?? TracePaths.defaultName(forCommand: command[0]))
        var environment = ProcessInfo.processInfo.environment
        environment["RXTRACE"] = tracePath
        environment["RXTRACE_QUIET"] = "1"
        if sites { environment["RXTRACE_SITES"] = "1" }
        if let capacity { environment["RXTRACE_CAPACITY"] = capacity }
        let started = Date()
        try? FileManager.default.removeItem(atPath: tracePath)

        let status = try ChildProcess.run(executable: executable, arguments: Array(command.dropFirst()), environment: environment)

        let standardError = FileHandle.standardError
        if let attributes = try? FileManager.default.attributesOfItem(atPath: tracePath),
            let modified = attributes[.modificationDate] as? Date, modified >= started.addingTimeInterval(-1)
        {
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            standardError.write(Data("rxtrace: trace written to \(tracePath) (\(ByteCount.text(size)))\n".utf8))
            standardError.write(Data("rxtrace: read it with: rxtrace report \(TracePaths.shellQuoted(tracePath))\n".utf8))
        } else {
            standardError.write(Data("""
                rxtrace: \(command[0]) wrote no trace to \(tracePath).
                rxtrace: it must use RxCore and end with a normal exit (a crash or _exit skips the exit dump);
                rxtrace: a running program writes one on SIGUSR1.

                """.utf8))
        }
        if status != 0 {
            throw ExitCode(status)
        }
    }
}
