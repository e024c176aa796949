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
/// A symbolic link is followed: the kind is that of the file it points to (``nothing`` when it
/// dangles), and ``resolvedPath(_:)`` gives the path to rename onto, so the link itself
/// survives.
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
    ///
    /// A dangling link is ``nothing`` (the file it points to is created); a link loop and a
    /// link to a name that is not valid UTF-8 are ``unusable(_:)``. One of this process's
    /// open descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) is a ``stream``
    /// whatever it is open on, even a regular file: it is written through the descriptor
    /// (``ownDescriptor(at:)``), never replaced.
    public static func inspect(_ path: String) -> TraceOutputTarget {
        let final: String
        switch OutputPathResolution.resolve(path) {
        case .file(let resolved):
            final = resolved
        case .loop:
            return .unusable("a symbolic link that loops (or nests too deep)")
        case .undecodableLink:
            return .unusable("a symbolic link to a name that is not valid UTF-8")
        case .ownDescriptor(let descriptor):
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return .unusable("descriptor \(descriptor), which is not open") }
            return status.st_mode & S_IFMT == S_IFDIR ? .directory : .stream
        case .otherProcessDescriptor:
            // Opening another process's descriptor opens the file anew, at its start: only a
            // device or a FIFO can be written that way without harm.
            var status = stat()
            guard stat(path, &status) == 0 else { return .unusable("another process's descriptor, which this process cannot reach") }
            switch status.st_mode & S_IFMT {
            case S_IFCHR, S_IFBLK, S_IFIFO: return .stream
            default: return .unusable("another process's open file (give the file's own path)")
            }
        }
        var status = stat()
        guard stat(final, &status) == 0 else {
            // A missing file, or a dangling link to one: nothing to lose.
            return errno == ELOOP ? .unusable("a path whose folders loop through symbolic links") : .nothing
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFCHR, S_IFBLK, S_IFIFO: return .stream
        case S_IFREG:
            if status.st_size == 0 { return .emptyFile }
            return startsWithTraceSignature(final) ? .traceFile : .otherFile
        case S_IFSOCK: return .unusable("a socket")
        default: return .unusable("neither a file, a device nor a pipe")
        }
    }

    /// The path to rename a finished file onto: `path` with the symbolic links at its end
    /// followed, also when the last one dangles (the file it points to is created), so that
    /// the link itself survives; `path` itself when it is not a link.
    public static func resolvedPath(_ path: String) -> String {
        guard case .file(let resolved) = OutputPathResolution.resolve(path) else { return path }
        return resolved
    }

    /// The descriptor number when `path` names one of this process's open descriptors
    /// (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, or a link to one), which is to be
    /// written through a duplicate of it: opening the path anew would start at offset 0 of a
    /// regular file behind it and overwrite what was already written there.
    public static func ownDescriptor(at path: String) -> Int32? {
        guard case .ownDescriptor(let descriptor) = OutputPathResolution.resolve(path) else { return nil }
        return descriptor
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
