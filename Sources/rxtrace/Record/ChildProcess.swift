import Foundation

/// Runs a program with the terminal's input and output and waits for it.
enum ChildProcess {
    /// Runs `executable` and returns its exit status, or 128 + N when signal N ended it.
    ///
    /// While it runs, `SIGINT` is left to the child (the terminal sends it to both) and
    /// `SIGTERM` sent to `rxtrace` is passed on, so the child can write its trace on the way out.
    /// The child inherits this process's environment as it is.
    static func run(executable: String, arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot start \(executable): \(error.localizedDescription)")
        }
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let forward = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        let identifier = process.processIdentifier
        forward.setEventHandler { kill(identifier, SIGTERM) }
        forward.resume()
        process.waitUntilExit()
        forward.cancel()
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        switch process.terminationReason {
        case .uncaughtSignal: return 128 + process.terminationStatus
        default: return process.terminationStatus
        }
    }
}

/// Finds a command the way a shell does: a path as given, a bare name in `PATH`.
enum ExecutableLookup {
    /// The path of the executable `command` names.
    ///
    /// - Throws: ``CommandFailure`` saying the command was not found or cannot be run.
    static func resolve(_ command: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> String {
        let manager = FileManager.default
        if command.contains("/") {
            guard manager.fileExists(atPath: command) else { throw CommandFailure("\(command): no such file") }
            guard manager.isExecutableFile(atPath: command) else { throw CommandFailure("\(command): not executable") }
            return command
        }
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(command)"
            if manager.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw CommandFailure("\(command): command not found in PATH")
    }
}
