import Foundation

/// A fresh, empty directory under the system's temporary directory, for a test that writes
/// files; the test removes it with ``remove()`` (usually in a `defer`).
public struct TemporaryDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// Creates the directory, named `rxtrace-tests-` and a UUID, so that parallel tests never share one.
    public init() throws {
        let base = NSTemporaryDirectory() + "rxtrace-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    /// The path of `name` in the directory.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The names in the directory, sorted, so that a test can say exactly what it left behind.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
