import Benchmark
import RxCore

/// The instrumentation's own costs, with the core built with the `TraceResources` trait:
///
/// - `Probe.*`: one event through a `PublishSubject` with no probe, through `debug()` printing
///   its text line (standard output sent to `/dev/null`), and through `debug()` recording into
///   the trace ring buffer.
/// - `Ring.*`: ring buffer write throughput with 1 and 2 producer threads, each pushing events
///   through its own `debug()` probe while tracing, next to a plain `memcpy` of the same
///   number of 32-byte records into a buffer of the ring's size (the machine's limit).
/// - `Sites.*`: `Observable.just(1).subscribe(onNext:)` and `dispose()` with each level of
///   ``AllocationSites/mode``, for the cost of capturing allocation sites per resource.
///
/// `Benchmarks/compare --probes` runs this suite and prints its table; `docs/performance.md`
/// says what the numbers mean.
let benchmarks: @Sendable () -> Void = {
    requireTraceResources()
    registerProbeWorkloads()
    registerRingWorkloads()
    registerSiteWorkloads()
}

/// Stops the process unless the core counts resources: allocation sites need the trait, and a
/// silently untraced build would report site capture as free.
private func requireTraceResources() {
    guard Resources.isEnabled else {
        fatalError("Probes: RxCore was built without the TraceResources trait; allocation sites cannot be measured")
    }
}
