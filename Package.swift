// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "rxtrace",
    // RxSwift 6's floor as Xcode 16 and 26 build it (the lowest systems those toolchains
    // deploy to). Newer-only APIs carry `@available` instead of raising it; locks and atomics
    // go through RxCore's Concurrency folder, never `Synchronization` (scripts/check-platform-floor).
    platforms: [.macOS(.v10_13), .iOS(.v12), .tvOS(.v12), .watchOS(.v4), .visionOS(.v1)],
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        .library(name: "RxTraceFormat", targets: ["RxTraceFormat"]),
        .library(name: "RxTraceAnalysis", targets: ["RxTraceAnalysis"]),
        .library(name: "RxLeakCheck", targets: ["RxLeakCheck"]),
        .library(name: "RxMetrics", targets: ["RxMetrics"]),
        .library(name: "RxFoundation", targets: ["RxFoundation"]),
        .executable(name: "rxtrace", targets: ["rxtrace"]),
    ],
    traits: [
        .trait(
            name: "TraceResources",
            description: "Counts every live resource of the core in Resources.total and per type (debug builds)."
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),  // scripts/build-docs
    ],
    targets: [
        .target(name: "RxTraceFormat"),
        .target(name: "RxTraceAnalysis", dependencies: ["RxTraceFormat"]),
        .target(name: "CRxTrace"),
        .target(name: "RxCore", dependencies: ["RxTraceFormat", "CRxTrace"]),
        .target(name: "RxLeakCheck", dependencies: ["RxCore", "RxTraceAnalysis"]),
        .target(name: "RxTest", dependencies: ["RxCore", "RxLeakCheck", "RxTraceAnalysis"]),
        .target(name: "RxBlocking", dependencies: ["RxCore"]),
        // Live counts as swift-metrics gauges: the only target that depends on swift-metrics.
        .target(
            name: "RxMetrics",
            dependencies: [
                "RxCore", "RxLeakCheck", "RxTraceAnalysis", "RxTraceFormat", .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .target(name: "RxFoundation", dependencies: ["RxCore"]),
        // The demo's scenario: the only part of the command that runs Rx code.
        .target(name: "RxTraceDemo", dependencies: ["RxCore"]),
        .executableTarget(
            name: "rxtrace",
            dependencies: [
                "RxCore",
                "RxTraceDemo",
                "RxTraceFormat",
                "RxTraceAnalysis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "TracedHost", dependencies: ["RxCore", "CTracedHost"]),
        .target(name: "CTracedHost"),
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTest", "RxBlocking", "RxTraceFormat"]),
        .testTarget(name: "RxTestTests", dependencies: ["RxCore", "RxTest"]),
        .testTarget(name: "RxLeakCheckTests", dependencies: ["RxCore", "RxLeakCheck", "RxTraceAnalysis", "RxTest"]),
        .testTarget(name: "RxBlockingTests", dependencies: ["RxCore", "RxBlocking"]),
        .testTarget(
            name: "RxMetricsTests",
            dependencies: ["RxCore", "RxMetrics", "RxLeakCheck", .product(name: "MetricsTestKit", package: "swift-metrics")]
        ),
        .testTarget(name: "RxFoundationTests", dependencies: ["RxFoundation", "RxCore", "RxTest", "RxBlocking"]),
        .testTarget(
            name: "rxtraceTests", dependencies: ["rxtrace", "RxCore", "RxTraceFormat", "RxTraceAnalysis", "TracedHost"], exclude: ["Golden"]
        ),
        .testTarget(name: "RxTraceFormatTests", dependencies: ["RxTraceFormat"]),
        .testTarget(name: "RxTraceAnalysisTests", dependencies: ["RxTraceAnalysis", "RxTraceFormat"]),
    ],
    swiftLanguageModes: [.v6]
)

// Test support: the helpers several test targets share (a lock box, temporary directories, a
// seeded random generator, trace fixtures). Not a product; kept in one block so that changes to
// the targets above merge without touching it.
package.targets += [
    .target(name: "TestSupport", dependencies: ["RxTraceFormat"], path: "Tests/TestSupport"),
    .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "RxTraceFormat"]),
]
let testTargetsUsingTestSupport: Set<String> = [
    "RxCoreTests", "RxLeakCheckTests", "rxtraceTests", "RxTraceFormatTests", "RxTraceAnalysisTests",
    "RxBlockingTests", "RxFoundationTests", "RxTestTests", "RxMetricsTests",
]
for target in package.targets where testTargetsUsingTestSupport.contains(target.name) {
    target.dependencies.append("TestSupport")
}
