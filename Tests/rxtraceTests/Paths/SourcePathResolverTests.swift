import Foundation
import TestSupport
import Testing

@testable import rxtrace

/// The pieces that place a `#fileID` in a package without running SwiftPM: module names,
/// the manifest's target calls, and a module whose name is not its folder's.
@Suite("Placing #fileIDs: module names and the manifest scan")
struct SourcePathResolverTests {
    @Test("a target's module name: characters an identifier cannot hold become _")
    func moduleNames() {
        #expect(PackageTargets.moduleName(ofTarget: "App") == "App")
        #expect(PackageTargets.moduleName(ofTarget: "search-ui") == "search_ui")
        #expect(PackageTargets.moduleName(ofTarget: "my.lib") == "my_lib")
        #expect(PackageTargets.moduleName(ofTarget: "2d") == "_2d")
    }

    @Test("the manifest's target calls: kind, name and a literal path; comments ignored")
    func declaredTargets() {
        let manifest = """
            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "Core", dependencies: [.product(name: "Logging", package: "swift-log")]),
                    // .target(name: "Old", path: "Legacy"),
                    .executableTarget(
                        name: "shop-cli",
                        path: "Tools/CLI"
                    ),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                ]
            )
            """
        #expect(
            ManifestScan.declaredTargets(manifest) == [
                .init(kind: "target", name: "Core", path: nil),
                .init(kind: "executableTarget", name: "shop-cli", path: "Tools/CLI"),
                .init(kind: "testTarget", name: "CoreTests", path: nil),
            ])
    }

    @Test("an allocation site's file and line: the first File.swift:N in the frame, none in a bare symbol")
    func sourceLocationText() {
        let framed = SourceLocationText.parse("closure #1 in Shop.load() (Shop/Cart.swift:42)")
        #expect(framed?.file == "Shop/Cart.swift" && framed?.line == 42)
        let first = SourceLocationText.parse("[Widgets/Badge.swift:7] then Other.swift:9")
        #expect(first?.file == "Widgets/Badge.swift" && first?.line == 7)
        #expect(SourceLocationText.parse("Shop.load() + 120") == nil)
        #expect(SourceLocationText.parse("Cart.swift:") == nil)
    }

    @Test("SwiftPM's description: Swift targets by module name; C targets left out; a warning printed before it skipped")
    func describeOutput() {
        let output = """
            warning: 'shop': the manifest is old
            {"name": "Shop", "targets": [
              {"name": "search-ui", "c99name": "search_ui", "path": "Sources/search-ui", "module_type": "SwiftTarget", "sources": ["Views/List.swift"]},
              {"name": "CZip", "c99name": "CZip", "path": "Sources/CZip", "module_type": "ClangTarget", "sources": ["zip.c"]}
            ]}
            """
        #expect(
            PackageDescribe.parse(Data(output.utf8)) == [
                PackageTargets.Target(module: "search_ui", path: "Sources/search-ui", sources: ["Views/List.swift"])
            ])
        #expect(PackageDescribe.parse(Data("error: no manifest".utf8)) == nil)
    }

    @Test("a module named otherwise than its folder (search-ui compiles as search_ui) is placed by the scan")
    func hyphenatedTarget() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let files = FileManager.default
        try files.createDirectory(atPath: folder.file("Sources/search-ui/Views"), withIntermediateDirectories: true)
        try "".write(toFile: folder.file("Sources/search-ui/Views/ResultList.swift"), atomically: true, encoding: .utf8)
        try """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(name: "Shop", targets: [.target(name: "search-ui")])
        """.write(toFile: folder.file("Package.swift"), atomically: true, encoding: .utf8)
        let resolver = SourcePathResolver(sourceRoot: nil, currentFolder: folder.path, describeTimeout: 0)
        #expect(resolver.resolve("search_ui/ResultList.swift") == .path("Sources/search-ui/Views/ResultList.swift"))
        guard case .unresolved(let reason) = resolver.resolve("search_ui/Missing.swift") else {
            Issue.record("a missing file was placed")
            return
        }
        #expect(reason.contains("has no file Missing.swift"), "\(reason)")
    }
}
