import Foundation
import RxCore
import RxTraceFormat
import TestSupport
import Testing

/// A leak verdict for a program traced with no marks and no code: `TracedHost` runs with
/// `RXTRACE` and a short `RXTRACE_SAMPLE_PERIOD`, and `rxtrace check` judges the resource
/// samples its runtime took over time.
@Suite("check on a trace without marks, by its resource samples")
struct SampledLeakCheckTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }
    private static func host() throws -> BuiltProgram { try BuiltProgram.named("TracedHost") }

    /// A sample every 20 ms: the host waits for the sampler's count, not for time, so a slow
    /// machine only makes the run longer.
    private static let period = "0.02"

    /// Runs `TracedHost` with `arguments` traced into `folder/name`, sampling every `period`.
    private static func trace(
        _ name: String, in folder: TemporaryDirectory, _ arguments: [String], period: String = period
    ) async throws -> String {
        let path = folder.file(name)
        let result = try await host().run(arguments, environment: ["RXTRACE": path, "RXTRACE_SAMPLE_PERIOD": period])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        return path
    }

    @Test("a steady leak with no marks: the samples rise, and check says leaking (status 1)")
    func steadyLeakIsLeaking() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.trace("leak.rxtrace", in: folder, ["--over-time", "leak", "--samples", "40"])
        let file = try TraceFileReader(path: path).file
        #expect(file.marks.isEmpty)
        let samples = try #require(file.resourceSamples)
        #expect(samples.period == 20_000_000)
        #expect(samples.samples.count >= 40)
        let result = try await Self.rxtrace().run(["check", path])
        guard Resources.isEnabled else {
            #expect(result.status == 2)
            #expect(result.error.contains("its resource samples carry no counts"))
            return
        }
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error.hasPrefix("Leak check: leaking"), "\(result.error)")
        #expect(result.error.contains("resource samples taken every 20 ms, as the trace has no marks"), "\(result.error)")
    }

    @Test("a cache that fills after the warm-up and then stays, with no marks: check says clean (status 0)")
    func boundedCacheIsClean() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.trace("cache.rxtrace", in: folder, ["--over-time", "cache", "--samples", "40"])
        let result = try await Self.rxtrace().run(["check", path])
        guard Resources.isEnabled else {
            #expect(result.status == 2)
            return
        }
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("clean"), "\(result.output)")
        // The cache did grow after the warm-up: clean because the growth stopped.
        let report = try await Self.rxtrace().run(["report", path])
        #expect(report.output.contains("Leak verdict: clean"), "\(report.output)")
        #expect(report.output.contains("then stopped"), "\(report.output)")
    }

    @Test("no marks and sampling off: check gives no verdict, with its own status (3) and one line")
    func noSamplesHasItsOwnStatus() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.trace("off.rxtrace", in: folder, ["--iterations", "3", "--leak", "--no-marks"], period: "0")
        let file = try TraceFileReader(path: path).file
        #expect(file.resourceSamples == TraceResourceSamples(period: 0, taken: 0, samples: []))
        let result = try await Self.rxtrace().run(["check", path])
        #expect(result.status == 3, "\(result.error)")
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first
                == "rxtrace: \(path): no verdict: the trace has no marks and no resource samples: sampling was off (RXTRACE_SAMPLE_PERIOD=0)"
        )
        #expect(result.output.isEmpty)
    }

    @Test("no marks and a run shorter than the sample period: too few samples, the same status")
    func tooFewSamplesHasTheSameStatus() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.trace("short.rxtrace", in: folder, ["--iterations", "3", "--leak", "--no-marks"], period: "3600")
        let result = try await Self.rxtrace().run(["check", path, "--format", "junit"])
        // Without counting, the one sample has no counts: that is said first (status 2).
        guard Resources.isEnabled else {
            #expect(result.status == 2, "\(result.error)")
            return
        }
        #expect(result.status == 3, "\(result.error)")
        #expect(
            result.error.contains("no verdict: the trace has no marks and only 1 resource sample, taken every 3600 s"), "\(result.error)")
    }

    @Test("a bad RXTRACE_SAMPLE_PERIOD is refused in one line and the program runs untraced")
    func badPeriodIsRefused() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try await Self.host().run(
            ["--iterations", "1"], environment: ["RXTRACE": folder.file("x.rxtrace"), "RXTRACE_SAMPLE_PERIOD": "often"])
        #expect(result.status == 0)
        #expect(
            result.error.contains(
                "rxtrace: tracing not started: RXTRACE_SAMPLE_PERIOD=\"often\" is not 0 (no samples) or a number of seconds from 0.001 to 3600"
            ), "\(result.error)")
        #expect(try folder.contents().isEmpty)
    }
}
