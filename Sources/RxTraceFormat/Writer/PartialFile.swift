#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The temporary files writers fill before renaming them into place: named so that a person
/// (and the next writer) can tell what they are, and removed when the process that made one
/// died before finishing it.
///
/// A partial file of `run.rxtrace` is `run.rxtrace.rxtrace-partial-<pid>-<random hex>`, in the
/// same directory (a rename is atomic only within one file system). A `kill -9` in the middle
/// of a dump leaves one behind; the next write to the same path removes every partial file of
/// that path whose process is gone, and nothing else.
public enum PartialFile {
    /// The marker between the target's name and the process id.
    public static let marker = ".rxtrace-partial-"

    /// A new partial file name for `path`, unique to this process and call.
    public static func path(for path: String) -> String {
        "\(path)\(marker)\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
    }

    /// Removes the partial files of `path` left by processes that no longer run.
    ///
    /// Only regular files whose names follow the pattern exactly are removed; a partial file
    /// of a running process (another dump in progress) is left alone. Failures are ignored.
    ///
    /// - Returns: The names removed.
    @discardableResult
    public static func removeStale(for path: String) -> [String] {
        let (directory, name) = split(path)
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let prefix = name + marker
        var removed: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix), let owner = owner(of: entryName.dropFirst(prefix.count)) else { continue }
            guard kill(owner, 0) != 0, errno == ESRCH else { continue }
            let full = directory == "/" ? "/" + entryName : directory + "/" + entryName
            var status = stat()
            guard lstat(full, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(full) == 0 { removed.append(entryName) }
        }
        return removed
    }

    /// The process id in `<pid>-<hex>`, or `nil` when the rest of the name is not exactly that.
    static func owner(of suffix: Substring) -> pid_t? {
        let parts = suffix.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let pid = pid_t(parts[0]), pid > 0
        else { return nil }
        return pid
    }

    /// The directory (`.` when there is none) and the last component of `path`.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, String(path[path.index(after: slash)...]))
    }
}
