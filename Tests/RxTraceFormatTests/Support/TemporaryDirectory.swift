import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = NSTemporaryDirectory() + "rxtrace-format-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    /// The path of `name` in the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The names in the directory, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The bytes of the file at `path`.
func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Writes `bytes` to `path`, replacing it.
func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Writes `bytes` over the start of the existing file at `path` without truncating it first
/// (rewriting a file of the same size this way avoids the flush that ext4 forces when a
/// truncated file is written again).
func overwriteBytes(_ bytes: [UInt8], at path: String) throws {
    guard let handle = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileNoSuchFile)
    }
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(bytes))
}
