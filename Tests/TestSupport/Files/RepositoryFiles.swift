import Foundation

/// Files of this repository that tests check the code against (the changelog, the format
/// specification, the scripts), found from this source file's path.
public enum RepositoryFiles {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The URL of `relativePath` under the root, such as `docs/trace-format.md`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The UTF-8 text of the file at `relativePath` under the root.
    public static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }
}
