import Benchmark
import RxCore

/// rxtrace's core workloads with the `TraceResources` trait on: the same `RxCore.<workload>`
/// benchmarks as `CoreThroughput`, for `Benchmarks/compare` to report the trait's overhead.
///
/// Refuses to run unless the core really was built with the trait and really counts: a
/// silently untraced build would report an overhead of zero.
let benchmarks: @Sendable () -> Void = {
    requireTraceResources()
    registerRxCoreWorkloads()
}

/// Stops the process unless `Resources` counts live resources in this build.
private func requireTraceResources() {
    guard Resources.isEnabled else {
        fatalError("TracedThroughput: RxCore was built without the TraceResources trait; the overhead would be meaningless")
    }
    let before = Resources.total
    let subject = PublishSubject<Int>()
    let during = Resources.total
    withExtendedLifetime(subject) {}
    guard during > before else {
        fatalError("TracedThroughput: Resources.isEnabled but creating a subject counted nothing (\(before) -> \(during))")
    }
}
