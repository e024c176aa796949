import Benchmark
import RxCore

/// The levels of allocation-site capture measured, by the suffix of their benchmark's name.
private let siteLevels: [(name: String, mode: AllocationSiteMode)] = [
    ("off", .off),
    ("callSites", .callSites),
    ("sampled64", .sampled(every: 64)),
    ("all", .all),
]

/// The custom metric of the `Sites.*` benchmarks: resources that got a side-table entry (and
/// took a number of the allocation sequence) during the measured operations.
let trackedResourcesMetric = BenchmarkMetric.custom("trackedResources", polarity: .prefersSmaller, useScalingFactor: true)

/// Registers `Sites.subscribe.dispose.<level>` for each level of ``AllocationSites/mode``.
///
/// One operation is `Observable.just(1).subscribe(onNext:)` followed by `dispose()`: three
/// counted resources (the `Just` observable, the `AnonymousObserver` and the `BinaryDisposable`
/// that `subscribe` returns), each created and freed once. The level is set in the benchmark's setup and set back to `.off`
/// in its teardown. With `.callSites` and `.all` every resource takes a number of the
/// allocation sequence (``AllocationSites/moment()``), so the `trackedResources` metric of
/// those two is the number of counted resources per operation; with `.sampled(every: 64)` it is
/// the number that were sampled.
func registerSiteWorkloads() {
    for level in siteLevels {
        let mode = level.mode
        Benchmark(
            "Sites.subscribe.dispose.\(level.name)",
            configuration: Workload.configuration(metrics: [.throughput, .wallClock, .mallocCountTotal, trackedResourcesMetric]),
            closure: { benchmark in
                precondition(
                    AllocationSites.mode == mode,
                    "Sites.subscribe.dispose.\(level.name): the level is \(AllocationSites.mode)"
                )
                var sum = 0
                let before = AllocationSites.moment()
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let subscription = Observable.just(1).subscribe(onNext: { sum &+= $0 })
                    subscription.dispose()
                }
                benchmark.stopMeasurement()
                let tracked = AllocationSites.moment().sequence - before.sequence
                benchmark.measurement(trackedResourcesMetric, Int(tracked))
                precondition(sum == Workload.operationsPerSample, "Sites.subscribe.dispose.\(level.name) lost events")
            },
            setup: {
                AllocationSites.mode = mode
                StandardOutput.note("Sites.subscribe.dispose.\(level.name): \(AllocationSites.status)")
            },
            teardown: { AllocationSites.mode = .off }
        )
    }
}
