import Foundation
import RxCore
import RxTraceFormat
import TestSupport
import Testing

/// Tracing in a real host program (`TracedHost`, built with the same traits as the tests):
/// the environment variable, the command-line flag, and the flight-recorder dump on `SIGUSR1`.
@Suite("tracing a host program from outside")
struct HostTracingTests {
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }

    /// The identifiers of the probes `TracedHost` subscribes through.
    private static let hostProbes: Set<String> = ["query", "results", "search service"]

    @Test("RXTRACE=path: the trace is written at exit, with every probe, record and mark")
    func environmentVariable() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("run.rxtrace")
        let result = try await Self.host().run(["--iterations", "3"], environment: ["RXTRACE": path])
        #expect(result.status == 0)
        #expect(result.output.contains("done: 3 iterations"))
        #expect(result.error.contains("rxtrace: trace written to \(path)"))
        #expect(try folder.contents() == ["run.rxtrace"])

        let reader = try TraceFileReader(path: path)
        let file = reader.file
        #expect(file.header.dumpReason == .exit)
        #expect(file.header.processName == "TracedHost")
        #expect(file.header.recordsLost == 0)
        #expect(Set(file.probes.compactMap { file.string($0.identifier) }) == Self.hostProbes)
        #expect(file.marks.map { file.string($0.label) } == ["iteration 1", "iteration 2", "iteration 3"])
        #expect(file.openSubscriptions.isEmpty)
        let records = try reader.readAllRecords()
        #expect(UInt64(records.count) == file.header.recordsWritten)
        let queryProbe = try #require(file.probes.firstIndex { file.string($0.identifier) == "query" })
        let queries = records.filter { $0.probe == UInt32(queryProbe) && $0.kind == .next }
        #expect(queries.map { file.string(UInt32($0.value)) } == Array(repeating: ["r", "rx", "rx", "rxs"], count: 3).flatMap { $0 })
        if Resources.isEnabled {
            #expect(file.marks.allSatisfy { $0.resourcesTotal > 0 })
        }
    }

    @Test("RXTRACE=1 names the file after the process and its id, in the working directory")
    func defaultName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await Self.host().run(["--iterations", "1"], environment: ["RXTRACE": "1"], directory: folder.path)
        #expect(result.status == 0)
        let files = try folder.contents()
        #expect(files.count == 1)
        #expect(files.first?.hasPrefix("TracedHost-") == true && files.first?.hasSuffix(".rxtrace") == true)
    }

    @Test("--rxtrace=path on the command line, through Trace.bootstrap(arguments:)")
    func commandLineFlag() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("flag.rxtrace")
        let result = try await Self.host().run(["--rxtrace=\(path)", "--iterations", "2"], environment: ["RXTRACE": ""])
        #expect(result.status == 0)
        // The flag is taken out of the arguments the program sees.
        #expect(result.output.contains("done: 2 iterations"))
        #expect(try TraceFileReader(path: path).file.marks.count == 2)
    }

    @Test("a leaking run ends with its subscriptions listed as open")
    func leakingRunListsOpenSubscriptions() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("leak.rxtrace")
        _ = try await Self.host().run(["--iterations", "3", "--leak"], environment: ["RXTRACE": path])
        let file = try TraceFileReader(path: path).file
        #expect(file.openSubscriptions.count == 3)
        #expect(file.openSubscriptions.allSatisfy { file.string(file.probes[Int($0.probe)].identifier) == "leaked" })
        if Resources.isEnabled {
            let totals = file.marks.map(\.resourcesTotal)
            #expect(zip(totals, totals.dropFirst()).allSatisfy { $1 > $0 })
        }
    }

    @Test("a bad option is reported on standard error and the program runs untraced")
    func badOption() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await Self.host().run(
            ["--iterations", "1"],
            environment: ["RXTRACE": folder.file("x.rxtrace"), "RXTRACE_CAPACITY": "lots"]
        )
        #expect(result.status == 0)
        #expect(result.error.contains("rxtrace: tracing not started: RXTRACE_CAPACITY=\"lots\" is not a positive count"))
        #expect(try folder.contents().isEmpty)
    }

    @Test("SIGUSR1 writes a snapshot while the program keeps running; exit writes the final trace")
    func signalDump() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("live.rxtrace")
        let program = try Self.host().start(["--iterations", "2", "--leak", "--wait"], environment: ["RXTRACE": path])
        defer { program.stop() }

        // "ready": the repetitions are done and the program waits on its input.
        #expect(await program.waitForOutput("ready"))

        kill(program.processIdentifier, SIGUSR1)
        let live = try #require(await RunningProgram.waitForTrace(at: path))
        #expect(live.header.dumpReason == .signal)
        #expect(program.isRunning)
        #expect(live.marks.count == 2)
        #expect(live.openSubscriptions.count == 2)

        #expect(try await program.finish().status == 0)
        let final = try TraceFileReader(path: path).file
        #expect(final.header.dumpReason == .exit)
        #expect(try folder.contents() == ["live.rxtrace"])
    }
}
