import Foundation

/// Turns the `#fileID` a program was compiled with (`Module/File.swift`) into the file's path
/// relative to the repository, which is what GitHub annotations, SARIF viewers and JUnit
/// readers place on a line.
///
/// The package is the folder with `Package.swift` at or above the current folder (or the
/// `--source-root` folder when the current one is outside it); paths are relative to
/// `--source-root`, else to the top of the git work tree that holds the package, else to the
/// package folder. A file that cannot be placed keeps its `#fileID`, with the reason.
///
/// The module is looked up first in a scan of Package.swift's text and the conventional
/// folders (milliseconds); only a file the scan cannot place asks SwiftPM (`swift package
/// describe`, seconds), which knows targets whose paths the manifest computes.
final class SourcePathResolver {
    /// What became of one file name.
    enum Resolution: Equatable {
        /// A path relative to ``root`` that exists.
        case path(String)
        /// Left as given, with why (one clause, no trailing period).
        case unresolved(String)
    }

    /// The folder written paths are relative to (symbolic links resolved); `nil` when there is
    /// no package to resolve against.
    let root: URL?
    /// The package folder (symbolic links resolved).
    let packageFolder: URL?
    /// Why nothing resolves, when there is no package.
    private let missingPackage: String?
    private var scanned: PackageTargets?
    /// SwiftPM's table once asked: `.some(nil)` when it could not be had.
    private var described: PackageTargets??
    private let describeTimeout: Double
    private var folderFiles: [String: [String]] = [:]
    private var resolved: [String: Resolution] = [:]

    /// A resolver for `sourceRoot` (the `--source-root` option) seen from `currentFolder`.
    /// Nothing is read before the first file is resolved.
    init(sourceRoot: String?, currentFolder: String, describeTimeout: Double = 30) {
        let current = Self.canonical(URL(fileURLWithPath: currentFolder))
        self.describeTimeout = describeTimeout
        if let sourceRoot {
            let root = Self.canonical(URL(fileURLWithPath: sourceRoot, relativeTo: current).absoluteURL)
            self.root = root
            if let above = Self.packageFolder(at: current), Self.relative(above, to: root) != nil {
                packageFolder = above
            } else if Self.hasManifest(root) {
                packageFolder = root
            } else {
                packageFolder = nil
            }
            missingPackage =
                packageFolder == nil ? "no Package.swift in \(root.path), nor in the current folder or above it inside it" : nil
        } else if let package = Self.packageFolder(at: current) {
            packageFolder = package
            root = Self.gitTop(above: package) ?? package
            missingPackage = nil
        } else {
            packageFolder = nil
            root = nil
            missingPackage = "no Package.swift in the current folder or above it; run the check in the package or give --source-root"
        }
    }

    /// The repository path of `file` (a `#fileID`, a path relative to the root, or an absolute
    /// path under it), or why it stays as given.
    func resolve(_ file: String) -> Resolution {
        if let known = resolved[file] { return known }
        let answer = lookUp(file)
        resolved[file] = answer
        return answer
    }

    private func lookUp(_ file: String) -> Resolution {
        guard let root, let packageFolder else { return .unresolved(missingPackage ?? "no package") }
        if file.hasPrefix("/") {
            let url = Self.canonical(URL(fileURLWithPath: file))
            guard let path = Self.relative(url, to: root), FileManager.default.fileExists(atPath: url.path) else {
                return .unresolved("no such file under \(root.path)")
            }
            return .path(path)
        }
        let parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            // Not a `#fileID`: taken as a path in the repository if it is one.
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path)
                ? .path(file) : .unresolved("not a #fileID (Module/File.swift) and no such file under \(root.path)")
        }
        let (module, name) = (parts[0], parts[1])
        if scanned == nil { scanned = PackageTargets.scan(packageFolder: packageFolder) }
        if let scanned, case .path(let path) = place(module: module, name: name, in: scanned, root: root) {
            return .path(path)
        }
        if described == nil { described = .some(PackageTargets.describe(packageFolder: packageFolder, timeout: describeTimeout)) }
        guard let described = described ?? nil else {
            let scan = scanned.map { place(module: module, name: name, in: $0, root: root) }
            guard case .unresolved(let reason) = scan else { return .unresolved("no targets") }
            return .unresolved(reason + " (read from Package.swift's text: `swift package describe` could not run or failed)")
        }
        return place(module: module, name: name, in: described, root: root)
    }

    /// The file `name` of `module` in `targets`, relative to `root`.
    private func place(module: String, name: String, in targets: PackageTargets, root: URL) -> Resolution {
        let packageFolder = targets.packageFolder
        guard let target = targets.target(module: module) else {
            return .unresolved("no target of the package at \(packageFolder.path) compiles as module \(module)")
        }
        let folder = packageFolder.appendingPathComponent(target.path)
        let candidates = (target.sources ?? files(in: folder)).filter { ($0 as NSString).lastPathComponent == name }
        guard candidates.count == 1, let inTarget = candidates.first else {
            return .unresolved(
                candidates.isEmpty
                    ? "module \(module) (\(target.path)) has no file \(name)"
                    : "module \(module) has \(candidates.count) files named \(name): \(candidates.sorted().joined(separator: ", "))")
        }
        let url = Self.canonical(folder.appendingPathComponent(inTarget))
        guard FileManager.default.fileExists(atPath: url.path) else {
            return .unresolved("\(target.path)/\(inTarget) is not on disk")
        }
        guard let path = Self.relative(url, to: root) else {
            return .unresolved("\(url.path) is outside the source root \(root.path)")
        }
        return .path(path)
    }

    /// The Swift files under `folder`, relative to it (hidden folders skipped), listed once.
    private func files(in folder: URL) -> [String] {
        if let known = folderFiles[folder.path] { return known }
        var found: [String] = []
        if let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            let base = Self.canonical(folder)
            for case let url as URL in walk where url.pathExtension == "swift" {
                if let path = Self.relative(Self.canonical(url), to: base) { found.append(path) }
            }
        }
        folderFiles[folder.path] = found
        return found
    }

    /// `url` with `.`, `..` and symbolic links resolved, so prefixes compare.
    static func canonical(_ url: URL) -> URL {
        url.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// `url`'s path below `base`, or `nil` when it is not below it.
    static func relative(_ url: URL, to base: URL) -> String? {
        let path = url.path
        let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
        if path == base.path { return "." }
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The folder with a `Package.swift` at or above `folder`.
    static func packageFolder(at folder: URL) -> URL? {
        ancestor(of: folder) { hasManifest($0) }
    }

    /// The top of the git work tree (the folder with `.git`) at or above `folder`.
    static func gitTop(above folder: URL) -> URL? {
        ancestor(of: folder) { FileManager.default.fileExists(atPath: $0.appendingPathComponent(".git").path) }
    }

    private static func hasManifest(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    }

    private static func ancestor(of folder: URL, where matches: (URL) -> Bool) -> URL? {
        var current = folder
        while true {
            if matches(current) { return current }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path || current.path == "/" { return nil }
            current = parent
        }
    }
}
