import ArgumentParser
import RxCore

/// The `rxtrace` command: finds resource leaks in Rx programs and reports on their traces.
@main
struct RxTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rxtrace",
        abstract: "Find resource leaks in Rx programs and report on their traces.",
        version: "0.1.0",
        subcommands: [DemoCommand.self]
    )

    func run() throws {
        print(Self.helpMessage())
    }
}
