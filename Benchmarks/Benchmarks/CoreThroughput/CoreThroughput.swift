import Benchmark

/// rxtrace's core against OpenCombine on the classic Rx workloads, each as a pair
/// (`RxCore.<workload>` and `OpenCombine.<workload>`) run in the same process on the same
/// machine: only their ratio means something. `Benchmarks/compare` prints the table.
let benchmarks: @Sendable () -> Void = {
    registerRxCoreWorkloads()
    registerOpenCombineWorkloads()
}
