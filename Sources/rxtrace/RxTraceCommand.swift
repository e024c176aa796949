import ArgumentParser
import Foundation

/// The `rxtrace` command: finds resource leaks in Rx programs and reports on their traces.
@main
struct RxTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rxtrace",
        abstract: "Find resource leaks in Rx programs and report on their traces.",
        discussion: """
            EXIT STATUS (each command's help has its own)
              0    success; 1 a failed check (a leak); 2 input that cannot be used; 3 a partial \
            report or export from a damaged trace; 4 a running program (top, mark, snapshot) refused a request or did not answer; 64 a usage error (an unknown option or a bad \
            value, from the argument parser); record exits with the program's status
            """,
        version: "0.2.0-dev",
        subcommands: [
            RecordCommand.self, ReportCommand.self, CheckCommand.self, DiffCommand.self, ExportCommand.self, DemoCommand.self,
            TopCommand.self, MarkCommand.self, SnapshotCommand.self,
        ]
    )

    func run() throws {
        print(Self.helpMessage())
    }

    /// Parses and runs a subcommand; a ``CommandFailure`` becomes one line on standard error
    /// and its exit status, everything else is ArgumentParser's usual handling.
    static func main() {
        do {
            if let refusal = RawArguments.refusal() { throw refusal }
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("rxtrace: \(failure.message)\n".utf8))
            Foundation.exit(failure.status)
        } catch {
            exit(withError: error)
        }
    }
}
