import Foundation

/// The targets of a package found without SwiftPM: each target call's `name:` and `path:` in
/// Package.swift's text, placed in SwiftPM's conventional folders when it has no `path:`, and
/// every folder under `Sources/` and `Tests/` as a target of its own name.
///
/// A fallback for a machine without `swift` on `PATH` (a CI job that only runs the tool): a
/// manifest that computes its targets is beyond it, and such a module stays unresolved
/// rather than placed wrongly.
enum ManifestScan {
    /// The folders SwiftPM looks in for a target without `path:`, by kind of target.
    static let sourceFolders = ["Sources", "Source", "src", "srcs"]
    static let testFolders = ["Tests", "Sources", "Source", "src", "srcs"]
    static let pluginFolders = ["Plugins"]

    /// The targets of the package in `packageFolder`; files are found by searching their folders.
    static func targets(packageFolder: URL) -> [PackageTargets.Target] {
        let manifest = (try? String(contentsOf: packageFolder.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        var found: [PackageTargets.Target] = []
        var modules: Set<String> = []
        for declared in declaredTargets(manifest) {
            let module = PackageTargets.moduleName(ofTarget: declared.name)
            let folders: [String]
            if let path = declared.path {
                folders = [path]
            } else {
                let roots = declared.kind == "testTarget" ? testFolders : declared.kind == "plugin" ? pluginFolders : sourceFolders
                folders = roots.map { "\($0)/\(declared.name)" }
            }
            guard let folder = folders.first(where: { isFolder(packageFolder.appendingPathComponent($0)) }), modules.insert(module).inserted
            else { continue }
            found.append(PackageTargets.Target(module: module, path: folder, sources: nil))
        }
        // The conventional layout, for targets the text did not show (made in a loop, say).
        for root in ["Sources", "Tests"] {
            let folder = packageFolder.appendingPathComponent(root)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && isFolder(folder.appendingPathComponent(name)) {
                let module = PackageTargets.moduleName(ofTarget: name)
                guard modules.insert(module).inserted else { continue }
                found.append(PackageTargets.Target(module: module, path: "\(root)/\(name)", sources: nil))
            }
        }
        return found
    }

    /// A target call in the manifest's text.
    struct DeclaredTarget: Equatable {
        /// `target`, `executableTarget`, `testTarget`, `macro` or `plugin`.
        let kind: String
        let name: String
        let path: String?
    }

    /// Each `.target(`, `.executableTarget(`, … call with the first `name:` after it and a
    /// `path:` before the next call. Line comments are dropped first.
    static func declaredTargets(_ manifest: String) -> [DeclaredTarget] {
        let text: String = manifest.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.range(of: "//").map { line[..<$0.lowerBound] } ?? line)
        }.joined(separator: "\n")
        let calls = PatternMatch.all(#"\.(target|executableTarget|testTarget|macro|plugin)\s*\("#, in: text)
        return calls.enumerated().compactMap { index, call in
            let end = index + 1 < calls.count ? calls[index + 1].range.lowerBound : text.endIndex
            let arguments = String(text[call.range.upperBound..<end])
            guard let kind = call.groups[0], let name = PatternMatch.first(#"name:\s*"([^"\\]+)""#, in: arguments)?.groups[0] else {
                return nil
            }
            let path = PatternMatch.first(#"\bpath:\s*"([^"\\]+)""#, in: arguments)?.groups[0] ?? nil
            return DeclaredTarget(kind: kind, name: name, path: path)
        }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
