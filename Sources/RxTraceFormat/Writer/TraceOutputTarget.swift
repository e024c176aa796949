#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What is at a path that a trace (or a report) is about to be written to, looked at before
/// anything is written, so that a writer never destroys what the user did not create.
///
/// Each kind is written its own way:
///
/// | kind | how it is written |
/// |---|---|
/// | ``nothing`` | a new file, renamed into place when it is complete |
/// | ``emptyFile``, ``traceFile`` | replaced by renaming the complete new file over it |
/// | ``otherFile`` | left alone, unless the caller was told to replace it |
/// | ``stream`` | written as it is (opened for writing, never created, renamed or removed) |
/// | ``directory``, ``unusable(_:)`` | refused with a one-line reason |
///
/// A symbolic link is followed: the kind is that of the file it points to, and
/// ``resolvedPath(_:)`` gives the path to rename onto, so the link itself survives.
public enum TraceOutputTarget: Hashable, Sendable {
    /// Nothing is there.
    case nothing
    /// An empty regular file: replacing it loses nothing.
    case emptyFile
    /// A regular file that starts with the trace file signature.
    case traceFile
    /// A regular file that is not a trace (or cannot be read to tell).
    case otherFile
    /// A character or block device or a FIFO, such as `/dev/null` or `>(gzip)`.
    case stream
    /// A directory.
    case directory
    /// Something no file can be written to, such as a socket; the value names it.
    case unusable(String)

    /// What is at `path` now, following symbolic links.
    public static func inspect(_ path: String) -> TraceOutputTarget {
        var status = stat()
        guard stat(path, &status) == 0 else {
            // A dangling link or a missing file: nothing to lose.
            return .nothing
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFCHR, S_IFBLK, S_IFIFO: return .stream
        case S_IFREG:
            if status.st_size == 0 { return .emptyFile }
            return startsWithTraceSignature(path) ? .traceFile : .otherFile
        case S_IFSOCK: return .unusable("a socket")
        default: return .unusable("neither a file, a device nor a pipe")
        }
    }

    /// `path` with symbolic links resolved when it names an existing file, so that renaming
    /// onto the result replaces the file the link points to, not the link; else `path`.
    public static func resolvedPath(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
            let resolved = realpath(path, nil)
        else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the file at `path` starts with the 8-byte trace file signature.
    public static func startsWithTraceSignature(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { _ = try? SystemFile.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: TraceFormat.magic.count)
        let count = bytes.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return (try? SystemFile.read(descriptor, into: base, count: raw.count, at: 0)) ?? 0
        }
        return count == bytes.count && bytes == TraceFormat.magic
    }
}

/// Which existing regular files a trace writer may replace.
public enum TraceFileReplacement: Hashable, Sendable {
    /// Only empty files and trace files: a file of any other kind is left as it is and the
    /// write fails with a one-line reason.
    case tracesOnly
    /// Any regular file (the user said so, as `rxtrace record --force` or `RXTRACE_REPLACE=1`).
    case anyFile
}
