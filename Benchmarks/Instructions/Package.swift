// swift-tools-version: 6.1
import PackageDescription

// Instruction counts for `Benchmarks/instructions`: tiny programs that loop over one workload
// N times, run under `valgrind --tool=callgrind`, so the marginal instructions per operation are
// deterministic where the timings of `Benchmarks/compare` are noisy. The `Traced` trait builds
// the core with `TraceResources`, so one package measures both builds (each in its own scratch
// path); `OpenCombineInstructions` runs the same workloads on the peer.
let package = Package(
    name: "rxtrace-instructions",
    platforms: [.macOS(.v15)],
    traits: [
        .trait(name: "Traced", description: "Builds the core with its TraceResources trait."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(
            name: "rxtrace",
            path: "../../",
            traits: [.trait(name: "TraceResources", condition: .when(traits: ["Traced"]))]
        ),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(name: "RxInstructions", dependencies: [.product(name: "RxCore", package: "rxtrace")]),
        .executableTarget(
            name: "OpenCombineInstructions",
            dependencies: [.product(name: "OpenCombine", package: "OpenCombine")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
