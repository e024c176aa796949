// swift-tools-version: 6.1
import PackageDescription

// RxSwift's module names on rxtrace, counting resources: a drop-in replacement for RxSwift 6 in
// an existing package graph (docs/adopting.md).
//
// Identity. This folder is named RxSwift, so its package identity is `rxswift`, the identity
// SwiftPM gives https://github.com/ReactiveX/RxSwift.git. `swift package edit RxSwift --path …`
// (and Xcode's local package override) then put it in place of RxSwift everywhere in the graph,
// for every library that depends on RxSwift, without editing a file of the app or the library.
//
// One copy of each module. SwiftPM requires target names to be unique across a whole package
// graph, used or not, and rejects module aliases whose chain holds a target of the alias's
// original name. So this package does not depend on the rxtrace package (whose RxTest and
// RxBlocking would clash with RxSwift's names): it builds rxtrace's libraries itself, from the
// same source folders, through the symbolic links under Sources/. The target list below mirrors
// the main manifest's library targets; scripts/check-compat-package compares the two.
//
// Resource counting is always on: the sources see the condition the main package's
// `TraceResources` trait sets. It is not a trait of this package, because SwiftPM then refuses
// `swift package unedit RxSwift` ("enables traits [TraceResources] on package 'rxswift' that
// declares no traits": RxSwift's own package has none).
let counting: [SwiftSetting] = [.define("TraceResources")]

let package = Package(
    name: "RxSwift",
    // The main package's platforms: keep them equal.
    platforms: [.macOS(.v10_13), .iOS(.v12), .tvOS(.v12), .watchOS(.v4), .visionOS(.v1)],
    products: [
        // RxSwift's products.
        .library(name: "RxSwift", targets: ["RxSwift"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxCocoa", targets: ["RxCocoa"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        // RxSwift's dynamic variants of the same products, which some libraries name.
        .library(name: "RxSwiftDynamic", type: .dynamic, targets: ["RxSwift"]),
        .library(name: "RxRelayDynamic", type: .dynamic, targets: ["RxRelay"]),
        .library(name: "RxCocoaDynamic", type: .dynamic, targets: ["RxCocoa"]),
        .library(name: "RxTestDynamic", type: .dynamic, targets: ["RxTest"]),
        .library(name: "RxBlockingDynamic", type: .dynamic, targets: ["RxBlocking"]),
        // rxtrace's own libraries, for an app that uses them beside RxSwift's names (it depends
        // on this package instead of on rxtrace: one graph cannot hold both).
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxLeakCheck", targets: ["RxLeakCheck"]),
        .library(name: "RxFoundation", targets: ["RxFoundation"]),
        .library(name: "RxTraceFormat", targets: ["RxTraceFormat"]),
        .library(name: "RxTraceAnalysis", targets: ["RxTraceAnalysis"]),
    ],
    targets: [
        // RxSwift's module names: each re-exports the rxtrace modules that hold its API.
        .target(name: "RxSwift", dependencies: ["RxCore"]),
        .target(name: "RxRelay", dependencies: ["RxSwift"]),
        .target(name: "RxCocoa", dependencies: ["RxSwift", "RxRelay", "RxFoundation"]),
        // rxtrace's libraries, built from the main package's source folders (symbolic links),
        // always counting.
        .target(name: "RxTraceFormat", swiftSettings: counting),
        .target(name: "RxTraceAnalysis", dependencies: ["RxTraceFormat"], swiftSettings: counting),
        .target(name: "CRxTrace"),
        // The main manifest's `BuiltinModule` feature: RxCore's atomics `import Builtin`.
        .target(
            name: "RxCore",
            dependencies: ["RxTraceFormat", "CRxTrace"],
            swiftSettings: counting + [.enableExperimentalFeature("BuiltinModule")]
        ),
        .target(name: "RxLeakCheck", dependencies: ["RxCore", "RxTraceAnalysis"], swiftSettings: counting),
        .target(name: "RxTest", dependencies: ["RxCore", "RxLeakCheck", "RxTraceAnalysis"], swiftSettings: counting),
        .target(name: "RxBlocking", dependencies: ["RxCore"], swiftSettings: counting),
        .target(name: "RxFoundation", dependencies: ["RxCore"], swiftSettings: counting),
        // API parity with RxSwift, checked through RxSwift's module names.
        .testTarget(name: "RxSwiftCompatTests", dependencies: ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking"]),
    ],
    swiftLanguageModes: [.v6]
)
