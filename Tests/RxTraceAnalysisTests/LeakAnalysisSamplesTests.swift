import RxTraceAnalysis
import RxTraceFormat
import TestSupport
import Testing

/// The leak verdict of a trace without marks, from the resource samples taken over time: the
/// marks' rule on the samples after a warm-up of the first quarter.
@Suite("leak analysis of the resource samples")
struct LeakAnalysisSamplesTests {
    /// A trace whose samples, one a second, have these counts of one type `Sink`.
    private static func trace(_ counts: [Int64], period: UInt64 = 1_000_000_000) -> TraceFile {
        var fixture = TraceFixture()
        let sink = fixture.intern("Sink")
        var file = fixture.file
        file.resourceSamples = TraceResourceSamples(
            period: period,
            taken: UInt64(counts.count),
            samples: counts.enumerated().map { index, count in
                TraceResourceSample(
                    timestamp: UInt64(index + 1) * period, resourcesTotal: count,
                    types: count < 0 ? [] : [TraceTypeCount(name: sink, count: count)])
            }
        )
        return file
    }

    @Test("a steady leak after the warm-up is leaking, named by its type, judged on the samples")
    func steadyLeak() throws {
        let file = Self.trace(Array(0..<20))
        #expect(LeakAnalysis.sampleProblem(trace: file) == nil)
        let report = LeakAnalysis.analyze(trace: file)
        #expect(report.verdict == .leaking)
        // 20 samples: the first 5 warm up, the 5th is the baseline, 15 iterations follow.
        #expect(report.iterations == 15)
        #expect(report.types.first?.name == "Sink")
        #expect(
            report.reason.hasPrefix(
                "judged on 20 resource samples taken every 1 s, as the trace has no marks (the first 5 warm up): the total rose"))
        #expect(report.labels.first == "5 s")
    }

    @Test("the summary of a 256-sample verdict says it was judged on samples and shortens its series")
    func longSeriesSummary() throws {
        let report = LeakAnalysis.analyze(trace: Self.trace(Array(0..<256)))
        #expect(report.stop == .resourceSamples)
        let lines = report.summary.split(separator: "\n").map(String.init)
        let repetitions = try #require(lines.first { $0.hasPrefix("Repetitions: ") })
        #expect(repetitions.hasPrefix("Repetitions: 192 after the warm-up (every resource sample of the trace);"))
        #expect(!report.summary.contains("every mark"))
        // 193 totals and 192 steps: six at each end around what is left out.
        let live = try #require(lines.first { $0.hasPrefix("Live resources: ") })
        #expect(
            live
                == "Live resources: 63 (64 s), 64 (65 s), 65 (66 s), 66 (67 s), 67 (68 s), 68 (69 s), … 181 more …, 250 (251 s), 251 (252 s), 252 (253 s), 253 (254 s), 254 (255 s), 255 (256 s)"
        )
        let growth = try #require(lines.first { $0.hasPrefix("Growth of the total per iteration: ") })
        #expect(growth == "Growth of the total per iteration: +1, +1, +1, +1, +1, +1, … 180 more …, +1, +1, +1, +1, +1, +1")
        #expect(lines.allSatisfy { $0.count < 400 })
    }

    @Test("a short series is listed whole")
    func shortSeriesSummary() throws {
        let report = LeakAnalysis.analyze(trace: Self.trace(Array(0..<12)))
        let growth = try #require(report.summary.split(separator: "\n").first { $0.hasPrefix("Growth of the total") })
        #expect(growth == "Growth of the total per iteration: +1, +1, +1, +1, +1, +1, +1, +1, +1")
    }

    @Test("a cache that fills after the warm-up, then stays, is clean")
    func boundedCache() {
        let counts: [Int64] = [2, 2, 2, 2, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]
        let report = LeakAnalysis.analyze(trace: Self.trace(counts))
        #expect(report.verdict == .clean)
        #expect(report.reason.contains("then stopped"))
    }

    @Test("growth during the warm-up only is clean: start-up is not a leak")
    func growthInTheWarmUp() {
        let counts: [Int64] = [1, 5, 9, 12, 12, 12, 12, 12, 12, 12, 12, 12]
        #expect(LeakAnalysis.analyze(trace: Self.trace(counts)).verdict == .clean)
    }

    @Test("a leak every few samples is still a leak")
    func intermittentLeak() {
        let counts: [Int64] = (0..<32).map { Int64($0 / 3) }
        #expect(LeakAnalysis.analyze(trace: Self.trace(counts)).verdict == .leaking)
    }

    @Test("marks win over samples: a trace with marks is judged on its marks")
    func marksFirst() {
        var fixture = TraceFixture()
        for index in 0..<4 {
            fixture.mark("m\(index)", types: ["Sink": 3])
        }
        var file = fixture.file
        file.resourceSamples = Self.trace(Array(0..<20)).resourceSamples
        // The samples' type name is string 1 of their own fixture; here it may name anything,
        // which is why the marks must be what is judged.
        #expect(LeakAnalysis.analyze(trace: file).verdict == .clean)
    }

    @Test("no verdict from samples that are missing, off or too few; the reason says which")
    func problems() {
        let none = TraceFixture().file
        #expect(LeakAnalysis.sampleProblem(trace: none)?.hasPrefix("no resource samples (it was written by a version") == true)
        var off = none
        off.resourceSamples = TraceResourceSamples(period: 0, taken: 0, samples: [])
        #expect(LeakAnalysis.sampleProblem(trace: off) == "no resource samples: sampling was off (RXTRACE_SAMPLE_PERIOD=0)")
        let few = Self.trace([1, 2], period: 250_000_000)
        #expect(
            LeakAnalysis.sampleProblem(trace: few)
                == "only 2 resource samples, taken every 250 ms: a verdict over time takes at least 3; run the program for longer or set RXTRACE_SAMPLE_PERIOD shorter"
        )
        let report = LeakAnalysis.analyze(trace: few)
        #expect(report.verdict == .inconclusive)
        #expect(report.reason.hasPrefix("the trace has no marks and only 2 resource samples"))
    }

    @Test("samples from a program without counting give no verdict, and say why")
    func uncounted() {
        let file = Self.trace([-1, -1, -1, -1, -1])
        #expect(LeakAnalysis.samplesAreUncounted(file))
        let report = LeakAnalysis.analyze(trace: file)
        #expect(report.verdict == .inconclusive)
        #expect(report.reason.contains("the resource samples carry no counts"))
    }
}
