#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where an output path leads once its symbolic links are followed one at a time, so that a
/// writer replaces the file a link points to and never the link, and writes through an open
/// descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) instead of replacing the file
/// behind it.
///
/// `realpath` cannot do this: it fails on a dangling link (the writer would then rename over
/// the link), and it resolves `/proc/self/fd/1` to the file standard output is redirected to
/// (the writer would then rename over that file).
enum OutputPathResolution: Equatable {
    /// A path whose last component is not a link: a file, a folder, a node, or nothing yet.
    case file(String)
    /// This process's open descriptor.
    case ownDescriptor(Int32)
    /// An open descriptor of another process (`/proc/PID/fd/N`).
    case otherProcessDescriptor
    /// The links loop, or nest deeper than the system follows.
    case loop
    /// A link points to a name that is not valid UTF-8, which a `String` path cannot hold.
    case undecodableLink

    /// How many links are followed before the chain counts as a loop (Linux's limit).
    private static let maximumLinks = 40

    /// Follows the links at the end of `path`.
    static func resolve(_ path: String) -> OutputPathResolution {
        var current = path
        for _ in 0...maximumLinks {
            if let descriptor = descriptor(named: current) { return descriptor }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                return errno == ELOOP ? .loop : .file(current)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return .file(current) }
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &bytes, bytes.count - 1)
            guard count > 0 else { return .file(current) }
            guard let target = String(validating: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) else {
                return .undecodableLink
            }
            if target.hasPrefix("/") {
                current = target
            } else {
                let directory = PartialFile.split(current).directory
                current = directory == "/" ? "/" + target : directory + "/" + target
            }
        }
        return .loop
    }

    /// The descriptor `path` names when its folder is a process's descriptor folder
    /// (`/dev/fd`, `/proc/PID/fd`, `/proc/PID/task/TID/fd`, also when reached through
    /// `/proc/self` or `/proc/thread-self`); `nil` for any other path.
    private static func descriptor(named path: String) -> OutputPathResolution? {
        let (directory, name) = PartialFile.split(path)
        guard !name.isEmpty, name.utf8.count <= 9, name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let number = Int32(name)
        else { return nil }
        guard let resolved = realpath(directory, nil) else { return nil }
        defer { free(resolved) }
        guard let folder = String(validatingCString: resolved) else { return nil }
        if folder == "/dev/fd" { return .ownDescriptor(number) }
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        // "", "proc", PID, "fd" or "", "proc", PID, "task", TID, "fd".
        guard parts.count == 4 || parts.count == 6, parts[0].isEmpty, parts[1] == "proc", parts.last == "fd",
            parts.count == 4 || parts[3] == "task",
            let owner = Int32(parts[2])
        else { return nil }
        return owner == getpid() ? .ownDescriptor(number) : .otherProcessDescriptor
    }
}
