import Foundation

/// Python modules that the format checks in `scripts/` need.
enum PythonModules {
    /// Whether `python3` can import `module`. `.ci/run` installs the modules and sets
    /// `RXTRACE_REQUIRE_PYTHON_CHECKS`, so there a missing module fails the test instead of
    /// skipping it.
    static func canImport(_ module: String) -> Bool {
        if ProcessInfo.processInfo.environment["RXTRACE_REQUIRE_PYTHON_CHECKS"] != nil { return true }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import " + module]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
