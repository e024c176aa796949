// swift-tools-version: 6.1
import PackageDescription

// rxtrace's core workloads again, with the root package built with the `TraceResources` trait,
// so `Benchmarks/compare` can report the trait's overhead over the plain build. The workload
// sources are the ones of `../Benchmarks/CoreThroughput` (symbolic links), so both packages
// measure exactly the same code; a package builds its dependency with one set of traits, hence
// this second package (swift-log measures its trait sets the same way). The `Probes` target
// measures the tracing instrumentation itself, which allocation-site capture needs the trait for.
let package = Package(
    name: "rxtrace-benchmarks-traced",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rxtrace", path: "../../", traits: ["TraceResources"]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TracedThroughput",
            dependencies: [
                .product(name: "RxCore", package: "rxtrace"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TracedThroughput",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The instrumentation's own costs: debug() probes (text against ring buffer), ring buffer
        // throughput with 1 and 2 producer threads against memcpy, and allocation-site capture.
        .executableTarget(
            name: "Probes",
            dependencies: [
                .product(name: "RxCore", package: "rxtrace"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Probes",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
