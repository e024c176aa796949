import Foundation

/// Names and spellings of trace file paths.
enum TracePaths {
    /// `<command name>.rxtrace`.
    static func defaultName(forCommand command: String) -> String {
        let name = URL(fileURLWithPath: command).lastPathComponent
        return (name.isEmpty ? "trace" : name) + ".rxtrace"
    }

    /// `path` made absolute against the current directory, so that a child that changes
    /// directory still writes where the user asked.
    ///
    /// - Throws: ``CommandFailure`` when `path` is relative and the current directory's path
    ///   is not valid UTF-8 (decoded, it would name another folder).
    static func absolute(_ path: String) throws -> String {
        if path.hasPrefix("/") { return path }
        guard let buffer = getcwd(nil, 0) else {
            throw CommandFailure("cannot tell the current folder: \(String(cString: strerror(errno))) (give an absolute path)")
        }
        defer { free(buffer) }
        guard let current = String(validatingCString: buffer) else {
            throw CommandFailure("the current folder's path is not valid UTF-8 (give an absolute path, or run from another folder)")
        }
        return URL(fileURLWithPath: current).appendingPathComponent(path).standardized.path
    }

    /// `path` quoted for a POSIX shell when it needs it.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+,:@".contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Byte counts as people read them.
enum ByteCount {
    /// `512 B`, `3.2 KiB`, `41.0 MiB`.
    static func text(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}
