import Foundation
import RxTraceFormat
import TestSupport

/// A built program started in the background with its standard input held open, for the tests
/// that act on it while it runs (`TracedHost --wait` keeps running until its input closes).
final class RunningProgram {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let error: Pipe?

    /// Starts `program` with `arguments` and `environment` added to this process's; standard
    /// error is discarded unless `keepingErrors` (for a program that writes little there: read
    /// it with ``errorText()`` once it has exited).
    init(_ program: BuiltProgram, arguments: [String], environment: [String: String], keepingErrors: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: program.path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        error = keepingErrors ? Pipe() : nil
        process.standardError = error ?? FileHandle.nullDevice
        try process.run()
    }

    /// What the program wrote to standard error, read to its end (when started `keepingErrors`).
    func errorText() -> String {
        String(decoding: error?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    }

    /// Closes standard input, which ends a program started with `--wait`, without waiting.
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// Writes `line` and a line feed to the program's standard input.
    func send(line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits up to `seconds` for the program to end; its status (128 + N for signal N), or `nil`.
    ///
    /// Polls with `Task.sleep`, so the wait holds no thread of the cooperative pool.
    func waitForExit(seconds: TimeInterval = hangGuardSeconds) async -> Int32? {
        let deadline = MonotonicInstant.after(seconds: seconds)
        while process.isRunning {
            if deadline.hasPassed { return nil }
            try? await Task.sleep(milliseconds: 10)
        }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// The running program's process identifier, to send it signals.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the program is still running.
    var isRunning: Bool { process.isRunning }

    /// Reads standard output until `text` has appeared or the output ends; whether it appeared.
    ///
    /// The blocking reads run on a thread of their own, never on the cooperative pool.
    func waitForOutput(_ text: String) async -> Bool {
        let handle = output.fileHandleForReading
        return await onDedicatedThread {
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains(text) {
                let chunk = handle.availableData
                if chunk.isEmpty { return false }
                seen.append(chunk)
            }
            return true
        }
    }

    /// Closes standard input, which ends a program started with `--wait`, and waits for it to exit.
    ///
    /// - Throws: ``StillRunning`` (after ending it) when the program outlives the hang guard.
    func finish() async throws -> (reason: Process.TerminationReason, status: Int32) {
        try input.fileHandleForWriting.close()
        guard await waitForExit() != nil else {
            stop()
            throw StillRunning(path: process.executableURL?.path ?? "")
        }
        return (process.terminationReason, process.terminationStatus)
    }

    /// A program that did not end within the hang guard after its input closed.
    struct StillRunning: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) still ran \(Int(hangGuardSeconds)) s after its input closed" }
    }

    /// Ends the program if a failed expectation left it running (for a `defer`).
    func stop() {
        if process.isRunning { process.terminate() }
    }

    /// The trace at `path` once a whole one is there, or `nil` after `seconds`: a dump on a signal
    /// is written while the program runs, so the file appears at a moment the test cannot know.
    static func waitForTrace(at path: String, seconds: TimeInterval = hangGuardSeconds) async -> TraceFile? {
        let deadline = MonotonicInstant.after(seconds: seconds)
        while !deadline.hasPassed {
            if let file = try? TraceFileReader(path: path).file { return file }
            try? await Task.sleep(milliseconds: 20)
        }
        return nil
    }
}

extension BuiltProgram {
    /// Starts the program in the background; see ``RunningProgram``.
    func start(_ arguments: [String], environment: [String: String] = [:], keepingErrors: Bool = false) throws -> RunningProgram {
        try RunningProgram(self, arguments: arguments, environment: environment, keepingErrors: keepingErrors)
    }
}
