// swift-tools-version: 6.2
// A small host that serves rxtrace's live resource metrics for Prometheus, for the end-to-end
// check in `scripts/check-prometheus`. A package of its own, so that swift-prometheus is not
// part of rxtrace's default build.
import PackageDescription

let package = Package(
    name: "MetricsHost",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rxtrace", path: "../..", traits: ["TraceResources"]),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "MetricsHost",
            dependencies: [
                .product(name: "RxCore", package: "rxtrace"),
                .product(name: "RxMetrics", package: "rxtrace"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
