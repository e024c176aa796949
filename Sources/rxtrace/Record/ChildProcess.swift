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
    /// - Throws: ``CommandFailure`` saying the command is empty, was not found, is a folder or
    ///   cannot be run.
    static func resolve(_ command: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> String {
        let manager = FileManager.default
        guard !command.isEmpty else {
            throw CommandFailure("the command to run is empty: give a program after --, as in: rxtrace record -- ./MyApp")
        }
        if command.contains("/") {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: command, isDirectory: &isFolder) else { throw CommandFailure("\(command): no such file") }
            guard !isFolder.boolValue else { throw CommandFailure("\(command): a folder, not a program") }
            guard manager.isExecutableFile(atPath: command) else { throw CommandFailure("\(command): not executable") }
            return command
        }
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(command)"
            var isFolder: ObjCBool = false
            // A folder of that name in PATH is not the command: a shell skips it too.
            if manager.isExecutableFile(atPath: candidate), manager.fileExists(atPath: candidate, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                return candidate
            }
        }
        throw CommandFailure("\(command): command not found in PATH")
    }
}
