import Foundation

/// Runs a `/bin/sh` script, for what `Process` cannot set up: arguments whose bytes are not
/// UTF-8 (`printf '\377'`), and standard output redirected to a file or closed.
enum ShellRun {
    /// Runs `script` in `folder` with `$0`, `$1`, ... set to `arguments`.
    static func run(_ script: String, _ arguments: [String], in folder: String) async throws -> BuiltProgram.Result {
        try await BuiltProgram(path: "/bin/sh").run(["-c", script] + arguments, directory: folder)
    }

    /// The names in `folder` as the system stores them: bytes, not decoded.
    static func names(in folder: String) -> [[UInt8]] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// `names` as byte arrays, sorted as ``names(in:)`` sorts them.
    static func bytes(_ names: [String]) -> [[UInt8]] {
        names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
