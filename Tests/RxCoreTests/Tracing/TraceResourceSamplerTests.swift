import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import RxCore

/// The resource sampler: the `RXTRACE_SAMPLE_PERIOD` setting, its bound on memory (thinning and
/// a doubled period), and the section it gives a dump.
@Suite("resource samples over time", .offPool)
struct TraceResourceSamplerTests {
    private static func configuration(_ environment: [String: String]) throws -> TraceConfiguration? {
        try TraceConfiguration(environment: environment.merging(["RXTRACE": "1"]) { $1 }, processName: "app", processID: 1)
    }

    @Test("RXTRACE_SAMPLE_PERIOD: a second by default, 0 for none, fractions allowed")
    func period() throws {
        #expect(try Self.configuration([:])?.samplePeriod == 1)
        #expect(try Self.configuration(["RXTRACE_SAMPLE_PERIOD": "0"])?.samplePeriod == 0)
        #expect(try Self.configuration(["RXTRACE_SAMPLE_PERIOD": " 0.25 "])?.samplePeriod == 0.25)
        #expect(try Self.configuration(["RXTRACE_SAMPLE_PERIOD": "3600"])?.samplePeriod == 3600)
    }

    @Test(
        "a bad RXTRACE_SAMPLE_PERIOD is refused naming the variable and what it takes", arguments: ["x", "-1", "0.0001", "3601", "inf", ""])
    func badPeriod(_ text: String) {
        #expect {
            _ = try Self.configuration(["RXTRACE_SAMPLE_PERIOD": text])
        } throws: { error in
            (error as? TraceConfigurationError)?.description
                == "RXTRACE_SAMPLE_PERIOD=\"\(text)\" is not 0 (no samples) or a number of seconds from 0.001 to 3600, such as 1 or 0.25"
        }
    }

    @Test("full, the sampler drops every second sample and doubles its period: memory stays bounded")
    func thinning() {
        let sampler = TraceResourceSampler(period: 1, capacity: 4)
        let timebase = TraceTimebase.start()
        let strings = TraceStringTable(maximumCount: 16)
        /// The kept totals (each sample's total is its tick) and the period, in a dump at tick 100.
        func kept() -> (totals: [Int64], period: UInt64, taken: UInt64) {
            let contents = sampler.contents(converter: timebase.converter(), dumpTicks: timebase.startTicks + 100, strings: strings)
            return (contents.samples.dropLast().map(\.resourcesTotal), contents.period, contents.taken)
        }
        // Samples come at the period the sampler asks for: 1 until it thins, then 2, then 4.
        for tick in [1, 2, 3, 4] {
            sampler.record(.init(ticks: timebase.startTicks + UInt64(tick), total: Int64(tick), types: []))
        }
        #expect(kept() == ([1, 2, 3, 4], 1_000_000_000, 5))
        sampler.record(.init(ticks: timebase.startTicks + 5, total: 5, types: []))
        #expect(kept() == ([1, 3, 5], 2_000_000_000, 6))
        for tick in [7, 9] {
            sampler.record(.init(ticks: timebase.startTicks + UInt64(tick), total: Int64(tick), types: []))
        }
        #expect(kept() == ([1, 5, 9], 4_000_000_000, 8))
        #expect(sampler.taken == 7)
    }

    @Test("no samples and no thread with a period of 0; the dump's section says it was off")
    func off() {
        let sampler = TraceResourceSampler(period: 0)
        #expect(!sampler.isSampling)
        let contents = sampler.contents(
            converter: TraceTimebase.start().converter(), dumpTicks: TraceTimebase.now(), strings: TraceStringTable(maximumCount: 16))
        #expect(contents == TraceResourceSamples(period: 0, taken: 0, samples: []))
    }

    @Test("a running trace takes samples on its own thread, and a dump holds them with one taken at the dump")
    func samplesInADump() async throws {
        var configuration = TraceConfiguration()
        configuration.samplePeriod = 0.005
        let session = TraceSession(configuration: configuration)
        session.sampler.start(for: session)
        defer { session.sampler.stop() }
        // Polled on a thread of its own: the cooperative pool may be busy with other tests.
        let sampler = session.sampler
        await onDedicatedThread {
            let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
            while sampler.taken < 3, !deadline.hasPassed { usleep(1_000) }
        }
        let samples = try #require(session.snapshot(reason: .request).file.resourceSamples)
        // 5 ms, or a multiple of it when a slow run filled the samples and thinned them.
        #expect(samples.period % 5_000_000 == 0 && (samples.period / 5_000_000).nonzeroBitCount == 1)
        #expect(samples.samples.count >= 4 && samples.samples.count <= TraceConfiguration.maximumResourceSamples + 1)
        #expect(samples.taken >= UInt64(samples.samples.count))
        #expect(zip(samples.samples, samples.samples.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(samples.samples.allSatisfy { Resources.isEnabled ? $0.resourcesTotal >= 0 : $0.resourcesTotal == -1 })
    }
}
