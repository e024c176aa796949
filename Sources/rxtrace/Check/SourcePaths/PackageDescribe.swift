import Foundation

/// Runs `swift package describe --type json` on a package and reads its targets: SwiftPM's
/// own view of the folders (`path:`, `exclude:`, conventional layouts), without building.
enum PackageDescribe {
    /// The Swift targets of the package in `packageFolder`, or `nil` when `swift` is not on
    /// `PATH`, fails, prints no description or takes longer than `timeout` seconds.
    ///
    /// It runs with a scratch path of its own: the package's `.build` may be locked by the
    /// `swift test` or `swift build` that started this check, and waiting for that lock would
    /// never end. Nothing is written there (describing loads only the root manifest).
    static func run(packageFolder: URL, timeout: Double) -> [PackageTargets.Target]? {
        guard let swift = executable(named: "swift") else { return nil }
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rxtrace-describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = swift
        process.arguments = ["package", "--package-path", packageFolder.path, "--scratch-path", scratch.path, "describe", "--type", "json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // A stuck `swift` is stopped after the timeout; its pid is taken now, as the timer
        // runs on another thread. The timer is cancelled as soon as the process has ended.
        let pid = process.processIdentifier
        let stop = DispatchWorkItem { kill(pid, SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: stop)
        // Read to the end while it runs, so a long description never fills the pipe and stalls it.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        stop.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        return parse(data)
    }

    /// The Swift targets in a description; `nil` when it is not one.
    static func parse(_ data: Data) -> [PackageTargets.Target]? {
        // A line SwiftPM prints before the document (a warning about the manifest) is skipped.
        guard let start = data.firstIndex(of: UInt8(ascii: "{")),
            let root = try? JSONSerialization.jsonObject(with: data[start...]) as? [String: Any],
            let targets = root["targets"] as? [[String: Any]]
        else { return nil }
        return targets.compactMap { target in
            guard let name = target["name"] as? String, let path = target["path"] as? String else { return nil }
            // `#fileID` exists only in Swift: C targets never name a finding's file.
            if let kind = target["module_type"] as? String, kind != "SwiftTarget" { return nil }
            let module = target["c99name"] as? String ?? PackageTargets.moduleName(ofTarget: name)
            return PackageTargets.Target(module: module, path: path, sources: target["sources"] as? [String])
        }
    }

    /// The first executable file `name` in a folder of `PATH`.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
