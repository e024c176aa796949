import Benchmark

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sizes and the run settings shared by every workload, ours and the peer's, so each pair
/// does the same work under the same configuration.
///
/// A sample performs ``operationsPerSample`` operations (events sent, subscriptions made and
/// disposed, ...) and the configuration's `scalingFactor` is that same number, so
/// `benchmark --scale` prints per-operation figures. The DisposeBag workload is the exception: a
/// sample is one bag of ``bagEntries`` entries and its scaling factor is one (per bag).
///
/// Set `RXTRACE_BENCH_QUICK=1` in the environment (as `Benchmarks/compare --quick` does) for
/// short runs that only check everything works and give rough numbers.
enum Workload {
    /// Operations per sample; must equal `scalingFactor.rawValue` below.
    static let operationsPerSample = 1_000
    /// The scaling factor matching ``operationsPerSample``.
    static var scalingFactor: BenchmarkScalingFactor { .kilo }
    /// Entries per DisposeBag (one bag per sample).
    static let bagEntries = 10_000
    /// Subscribers of the shared (replaying) sequence.
    static let shareSubscribers = 10
    /// Sources of the merge workload.
    static let mergeSources = 10

    /// Whether the quick mode was asked for through `RXTRACE_BENCH_QUICK`.
    static var isQuick: Bool {
        guard let value = getenv("RXTRACE_BENCH_QUICK") else { return false }
        return String(cString: value) == "1"
    }

    /// The configuration of every benchmark: throughput, wall clock and malloc count (and any
    /// custom metric a benchmark adds), with a short time budget for the 2-core machine (quick
    /// mode: shorter still).
    static func configuration(
        scalingFactor: BenchmarkScalingFactor = Workload.scalingFactor,
        metrics: [BenchmarkMetric] = [.throughput, .wallClock, .mallocCountTotal]
    ) -> Benchmark.Configuration {
        .init(
            metrics: metrics,
            warmupIterations: isQuick ? 2 : 10,
            scalingFactor: scalingFactor,
            maxDuration: isQuick ? .milliseconds(150) : .milliseconds(1_000),
            maxIterations: isQuick ? 30 : 400
        )
    }
}

/// The `map` step of the chain workloads, the same function for both libraries.
func increment(_ value: Int) -> Int {
    value &+ 1
}

/// The `filter` step of the chain workloads: lets every element of the workloads through, so
/// each operator of a chain handles every event.
func isNonNegative(_ value: Int) -> Bool {
    value >= 0
}
