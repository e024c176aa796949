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
    func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) async throws -> Result {
        let outcome = await onDedicatedThread {
            Swift.Result { try self.runBlocking(arguments, environment: environment, directory: directory) }
        }
        return try outcome.get()
    }

    /// ``run(_:environment:directory:)``, blocking the calling thread until the program ends.
    private func runBlocking(_ arguments: [String], environment: [String: String], directory: String?) throws -> Result {
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
        let started = MonotonicInstant.now
        try process.run()
        // Read both pipes while the program runs, so a full pipe never blocks it.
        let group = DispatchGroup()
        let outputData = Locked(Data())
        group.enter()
        DispatchQueue.global().async {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            outputData.withLock { $0 = data }
            group.leave()
        }
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(
            status: status,
            output: String(decoding: outputData.withLock { $0 }, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self),
            elapsed: started.seconds(to: .now)
        )
    }
}

/// The build folder has no such product.
struct BuiltProgramMissing: Error, CustomStringConvertible {
    let name: String
    var description: String { "no built \(name) next to the test bundle; run `swift build` first" }
}
