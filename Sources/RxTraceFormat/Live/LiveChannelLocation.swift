#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a traced program's live channel listens, shared by the program and `rxtrace`, and the
/// check both make before trusting the folder: a Unix domain socket `<pid>.sock` in a folder
/// only its user can enter, so that no other user can read a snapshot or make a dump.
///
/// The folder is `$XDG_RUNTIME_DIR/rxtrace` when that variable holds an absolute path, else
/// `/tmp/rxtrace-<uid>`. `docs/live.md` describes the protocol spoken on the socket.
public enum LiveChannelLocation {
    /// The protocol version this build speaks: each request starts with `v1`.
    public static let protocolVersion = 1

    /// The longest socket path a `sockaddr_un` holds on every supported system, in bytes.
    public static let maximumPathBytes = 103

    /// The folder the sockets of `userID`'s programs are in.
    ///
    /// - Parameters:
    ///   - runtimeDirectory: The value of `XDG_RUNTIME_DIR`, if any.
    ///   - userID: The user whose folder it is.
    public static func folder(runtimeDirectory: String?, userID: uid_t = getuid()) -> String {
        if let runtimeDirectory, runtimeDirectory.hasPrefix("/") {
            let trimmed = runtimeDirectory.hasSuffix("/") ? String(runtimeDirectory.dropLast()) : runtimeDirectory
            return trimmed + "/rxtrace"
        }
        return "/tmp/rxtrace-\(userID)"
    }

    /// The folder for this process's environment and user.
    public static var currentFolder: String {
        folder(runtimeDirectory: getenv("XDG_RUNTIME_DIR").map { String(cString: $0) })
    }

    /// The socket of process `processID` in `folder`.
    public static func socketPath(in folder: String, processID: Int32) -> String {
        folder + "/\(processID).sock"
    }

    /// Why `folder` cannot be trusted, or `nil` when it is a real folder (not a symbolic link)
    /// owned by `userID` that no other user can enter.
    public static func folderProblem(_ folder: String, userID: uid_t = getuid()) -> String? {
        var status = stat()
        guard lstat(folder, &status) == 0 else {
            return "cannot read \(folder): \(String(cString: strerror(errno)))"
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "\(folder) is a symbolic link, not a folder; it is not used"
        default: return "\(folder) is not a folder; it is not used"
        }
        guard status.st_uid == userID else {
            return "\(folder) belongs to user \(status.st_uid), not to user \(userID); it is not used"
        }
        guard status.st_mode & 0o077 == 0 else {
            let mode = String(UInt32(status.st_mode & 0o777), radix: 8)
            return "\(folder) can be entered by other users (mode \(mode)); it is not used"
        }
        return nil
    }
}
