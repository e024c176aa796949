// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so `swift test` on the root never builds the
// benchmark stack. Each benchmark pairs rxtrace with a peer (OpenCombine) in the same run.
let package = Package(
    name: "rxtrace-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rxtrace", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "CoreThroughput",
            dependencies: [
                .product(name: "RxCore", package: "rxtrace"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Benchmarks/CoreThroughput",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Writes synthetic traces of any size for Benchmarks/report-throughput (not a benchmark:
        // the benchmark plugin only runs targets in Benchmarks/Benchmarks/).
        .executableTarget(
            name: "TraceGenerator",
            dependencies: [.product(name: "RxTraceFormat", package: "rxtrace")],
            path: "Tools/TraceGenerator"
        ),
    ],
    swiftLanguageModes: [.v6]
)
