import Foundation
import TestSupport
import Testing

/// Runs the package's built executables (`rxtrace`, `TracedHost`) as a user would.
struct BuiltProgram: Sendable {
    /// The executable's path.
    let path: String

    /// The built product named `name`, next to the test bundle in the build folder.
    static func named(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> BuiltProgram {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<4 {
            directory.deleteLastPathComponent()
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return BuiltProgram(path: candidate)
            }
        }
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: bundle) {
            return BuiltProgram(path: bundle)
        }
        throw BuiltProgramMissing(name: name)
    }

    /// What a finished run printed and how it ended.
    struct Result: Sendable {
        let status: Int32
        let output: String
        let error: String
        /// Wall-clock seconds from start to exit, taken on the waiting thread: it leaves out the
        /// time the awaiting test then waits for a thread of the pool, which a loaded machine makes long.
        let elapsed: Double
    }

    /// Runs the program to the end with `arguments` and `environment` added to this process's.
    ///
    /// The wait happens on a thread of its own: a test that waits for a child process never holds
    /// a thread of the cooperative pool, which other tests' tasks need (on a two-core machine the
    /// pool has two).
    ///
    /// - Parameter seconds: How long the program may run: past it, the program is killed
    ///   (`SIGKILL`) and the run throws ``TimedOut``, so a program that never ends fails its test
    ///   instead of hanging the suite. Generous by default (the hang guard); a test that expects
    ///   a quick end may give less.
    /// - Throws: ``TimedOut`` when the program outlived `seconds`; the error `Process` throws when
    ///   it could not start.
    func run(
        _ arguments: [String], environment: [String: String] = [:], directory: String? = nil, killAfter seconds: Double = hangGuardSeconds
    ) async throws -> Result {
        let outcome = await onDedicatedThread {
            Swift.Result { try self.runBlocking(arguments, environment: environment, directory: directory, killAfter: seconds) }
        }
        return try outcome.get()
    }

    /// ``run(_:environment:directory:killAfter:)``, blocking the calling thread until the
    /// program ends or is killed.
    private func runBlocking(
        _ arguments: [String], environment: [String: String], directory: String?, killAfter seconds: Double
    ) throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let started = MonotonicInstant.now
        let deadline = DispatchTime.now() + seconds
        try process.run()
        // Read both pipes while the program runs, so a full pipe never blocks it.
        let reading = DispatchGroup()
        let outputData = Locked<Data?>(nil)
        let errorData = Locked<Data?>(nil)
        for (pipe, data) in [(output, outputData), (error, errorData)] {
            reading.enter()
            DispatchQueue.global().async {
                let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
                data.withLock { $0 = bytes }
                reading.leave()
            }
        }
        // A program may close its output and go on running, or leave a child holding the pipes
        // after it ended: both the reading and the exit are under the deadline.
        if reading.wait(timeout: deadline) == .timedOut || exited.wait(timeout: deadline) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            // Both waits are short: SIGKILL ends the program at once, and a pipe that a child of
            // its own still holds open is left to its reader rather than waited for (with such a
            // child, Foundation was seen to report the exit late as well).
            _ = reading.wait(timeout: .now() + 5)
            _ = exited.wait(timeout: .now() + 5)
            throw TimedOut(
                path: path, arguments: arguments, seconds: seconds, processIdentifier: process.processIdentifier,
                error: errorData.withLock { $0 }.map { String(decoding: $0, as: UTF8.self) }
            )
        }
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(
            status: status,
            output: String(decoding: outputData.withLock { $0 } ?? Data(), as: UTF8.self),
            error: String(decoding: errorData.withLock { $0 } ?? Data(), as: UTF8.self),
            elapsed: started.seconds(to: .now)
        )
    }

    /// A program that was still running at its run's deadline, and was killed.
    struct TimedOut: Error, CustomStringConvertible {
        let path: String
        let arguments: [String]
        let seconds: Double
        /// The killed program's process identifier.
        let processIdentifier: Int32
        /// What it wrote to standard error, when the pipe reached its end after the kill.
        let error: String?

        var description: String {
            let command = ([path] + arguments).map(Self.quoted).joined(separator: " ")
            var text = "\(command) still ran, or a child of it held its output open, after \(seconds) s (the run's killAfter): killed"
            if let error, !error.isEmpty {
                text += "; its standard error ended with:\n" + String(error.suffix(2_000))
            }
            return text
        }

        /// `argument` as a shell would need it to be one word.
        private static func quoted(_ argument: String) -> String {
            let plain = !argument.isEmpty && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@+%".contains($0) }
            return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }
}

/// The build folder has no such product.
struct BuiltProgramMissing: Error, CustomStringConvertible {
    let name: String
    var description: String { "no built \(name) next to the test bundle; run `swift build` first" }
}
