#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The temporary files writers fill before renaming them into place: named so that a person
/// (and the next writer) can tell what they are, locked by their writer while it writes, and
/// removed once no writer holds them.
///
/// A partial file of `run.rxtrace` is `run.rxtrace.rxtrace-partial-<pid>-<random hex>`, in the
/// same directory (a rename is atomic only within one file system). When the target's name is
/// so long that this would pass the longest file name a directory takes (255 bytes), the name
/// part is cut and followed by `~` and a hash of the whole name, so every name can be written.
///
/// Liveness is the writer's lock, not its process id: a writer holds an exclusive `flock` on
/// its partial file from creating it until it is renamed or removed, and the lock goes away
/// with the writer, however it ends (`kill -9` included). A pid says nothing across PID
/// namespaces (two containers sharing a volume), where another writer's pid may be no process
/// here, or a different one; a lock is held on the file itself and seen by every process that
/// opens it. The next write to the same path removes the partial files of that path whose lock
/// it can take, and nothing else.
public enum PartialFile {
    /// The marker between the target's name and the process id.
    public static let marker = ".rxtrace-partial-"

    /// The longest file name (one path component) written, in bytes: `NAME_MAX` on Linux and
    /// the BSDs.
    public static let maximumNameLength = 255

    /// The room the end of a partial file's name takes after the marker: a process id of up to
    /// 10 digits, `-`, and up to 8 hex digits.
    private static let suffixRoom = 10 + 1 + 8

    /// A new partial file name for `path`, unique to this process and call; its last component
    /// is at most ``maximumNameLength`` bytes whatever the length of `path`'s.
    public static func path(for path: String) -> String {
        let (directory, name) = split(path)
        let random = String(UInt32.random(in: .min ... .max), radix: 16)
        let partialName = prefix(forName: name) + "\(getpid())-\(random)"
        return path.contains("/") ? join(directory, partialName) : partialName
    }

    /// A partial file just created for `path`, locked by this process until its descriptor is
    /// closed.
    public struct Created: Sendable {
        /// The partial file's path.
        public let path: String
        /// The open file, exclusively locked (`flock`) where the file system supports it.
        public let descriptor: Int32
    }

    /// Why ``create(for:readable:)`` made no file.
    public struct CreationFailure: Error, Sendable {
        /// The partial file's path that could not be created.
        public let path: String
        /// The `errno` value.
        public let code: Int32
    }

    /// Creates a new partial file for `path` and takes its lock before anyone else can.
    ///
    /// A cleaner (``removeStale(for:)`` in another process) that saw the file between its
    /// creation and the lock could take the lock first and remove it; the file is then
    /// unlinked (no links left) once this process has the lock, and another name is tried.
    ///
    /// - Parameters:
    ///   - path: The file the partial file will be renamed onto.
    ///   - readable: Whether the descriptor also reads (a trace copied into a stream).
    /// - Throws: ``CreationFailure`` when the file cannot be created.
    public static func create(for path: String, readable: Bool = false) throws(CreationFailure) -> Created {
        var attempts = 0
        while true {
            let candidate = Self.path(for: path)
            let descriptor: Int32
            do throws(SystemFile.Failure) {
                descriptor = try SystemFile.create(candidate, readable: readable)
            } catch {
                attempts += 1
                // Another file has this name (a random number met twice): try another one.
                if error.code == EEXIST && attempts < 16 { continue }
                throw CreationFailure(path: candidate, code: error.code)
            }
            // A file system without locks (some network ones) leaves the file unlocked; no
            // cleaner can take its lock there either, so it is never removed while written.
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_nlink == 0 {
                // A cleaner removed it before the lock was taken.
                _ = try? SystemFile.close(descriptor)
                attempts += 1
                if attempts < 16 { continue }
                throw CreationFailure(path: candidate, code: ENOENT)
            }
            return Created(path: candidate, descriptor: descriptor)
        }
    }

    /// Removes the partial files of `path` whose writers have gone: those whose lock this
    /// process can take.
    ///
    /// Only regular files whose names follow the pattern exactly are removed. A partial file
    /// whose lock is held (a dump in progress, in any process or container), one that cannot
    /// be opened or locked (another user's, a file system without locks), and one named with
    /// this process's id (the lock does not tell this process's own writers apart on every
    /// file system) are left alone. Failures are ignored.
    ///
    /// - Returns: The names removed.
    @discardableResult
    public static func removeStale(for path: String) -> [String] {
        let (directory, name) = split(path)
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let prefix = prefix(forName: name)
        var removed: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix), let owner = owner(of: entryName.dropFirst(prefix.count)), owner != getpid()
            else { continue }
            let full = join(directory, entryName)
            if removeIfUnlocked(full) { removed.append(entryName) }
        }
        return removed
    }

    /// Removes the regular file at `path` when its lock can be taken, holding the lock while
    /// it unlinks, so that a writer that locks it afterwards finds it unlinked.
    private static func removeIfUnlocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = try? SystemFile.close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        // Still the file that was locked, not one put there since.
        var current = stat()
        guard lstat(path, &current) == 0, current.st_dev == opened.st_dev, current.st_ino == opened.st_ino else { return false }
        return unlink(path) == 0
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

    /// What every partial file name of a target named `name` starts with: the name and the
    /// marker, or, when that would leave no room for the process id and the random part, the
    /// name's first whole characters, `~` and a 64-bit FNV-1a hash of the whole name in hex.
    static func prefix(forName name: String) -> String {
        let plain = name + marker
        if plain.utf8.count + suffixRoom <= maximumNameLength { return plain }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        let tag = "~" + String(repeating: "0", count: 16 - digits.count) + digits
        let room = maximumNameLength - suffixRoom - marker.utf8.count - tag.utf8.count
        var kept = ""
        var keptBytes = 0
        for character in name {
            let bytes = character.utf8.count
            guard keptBytes + bytes <= room else { break }
            kept.append(character)
            keptBytes += bytes
        }
        return kept + tag + marker
    }

    /// The directory (`.` when there is none) and the last component of `path`.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, String(path[path.index(after: slash)...]))
    }

    /// `name` inside `directory`.
    private static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }
}
