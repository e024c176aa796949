import Foundation
import RxTraceFormat

/// The one rule every command's output path follows (`record -o`, `report -o`, `export -o`,
/// `check --write-baseline`, `demo -o`), checked before anything runs or is written: never
/// remove or replace what the user did not ask to replace.
///
/// | at the path | a trace (`record`) | text (`report`, `export`, a baseline) |
/// |---|---|---|
/// | nothing | created when complete | created when complete |
/// | a trace or an empty file | replaced when complete | refused: a trace is never replaced by text |
/// | another regular file | refused, unless `--force` | replaced when complete |
/// | a device or a FIFO | written as it is | written as it is |
/// | an open descriptor (`/dev/stdout`, `/dev/fd/N`) | written through it | written through it |
/// | a folder | a new file inside it, named as the default | refused |
/// | a socket or anything else | refused | refused |
///
/// A symbolic link is followed (a dangling one to the file it names, which is created); a link
/// loop is refused. "When complete" means written under a ``PartialFile`` name next to the
/// file and renamed into place.
struct OutputPath {
    /// What a command writes.
    enum Content {
        /// A trace file.
        case trace
        /// A report, an export or a baseline.
        case text
    }

    /// The path to write (inside the folder, when a folder was given for a trace).
    let path: String
    /// What was there when it was checked.
    let target: TraceOutputTarget

    /// Checks `path` for `content`.
    ///
    /// - Parameters:
    ///   - path: The path the user gave.
    ///   - content: What will be written there.
    ///   - force: Whether `--force` allows replacing a regular file that is not a trace.
    ///   - offersForce: Whether the command has a `--force` to suggest when it refuses a file.
    ///   - nameInFolder: For a trace, the file name to use when `path` is a folder.
    /// - Throws: ``CommandFailure`` (exit status 2) saying why the path is not used.
    static func check(
        _ path: String,
        for content: Content,
        force: Bool = false,
        offersForce: Bool = false,
        nameInFolder: String? = nil
    ) throws -> OutputPath {
        guard !path.isEmpty else { throw CommandFailure("the output path is empty") }
        let target = TraceOutputTarget.inspect(path)
        switch (target, content) {
        case (.nothing, _):
            // A dangling link is written where it points.
            let folder = PartialFile.split(TraceOutputTarget.resolvedPath(path)).directory
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure("cannot write \(path): no such folder \(folder)")
            }
        case (.stream, _), (.emptyFile, _), (.traceFile, .trace), (.otherFile, .text):
            break
        case (.otherFile, .trace):
            guard force else {
                let choices = offersForce ? "choose another path, or add --force to replace it" : "choose another path"
                throw CommandFailure("\(path) exists and is not a trace file; it is left as it is (\(choices))")
            }
        case (.traceFile, .text):
            throw CommandFailure("\(path) is a trace file; it is not replaced by text (choose another path)")
        case (.directory, .trace):
            guard let nameInFolder else { throw CommandFailure("\(path) is a folder; give a file name inside it") }
            let inside = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/" + nameInFolder
            guard TraceOutputTarget.inspect(inside) != .directory else {
                throw CommandFailure("\(path) is a folder, and so is \(inside); give a file name")
            }
            return try check(inside, for: content, force: force, offersForce: offersForce)
        case (.directory, .text):
            throw CommandFailure("\(path) is a folder; give a file name inside it")
        case (.unusable(let what), _):
            throw CommandFailure("cannot write \(path): it is \(what)")
        }
        return OutputPath(path: path, target: target)
    }

    /// Checks the folder `path` a command writes several files into: a missing folder is
    /// created (with its parents) when `create` is true; anything there that is not a folder
    /// is refused.
    ///
    /// - Throws: ``CommandFailure`` (exit status 2) naming the path.
    static func checkFolder(_ path: String, create: Bool = true) throws {
        guard !path.isEmpty else { throw CommandFailure("the output folder is empty") }
        switch TraceOutputTarget.inspect(path) {
        case .directory:
            return
        case .nothing:
            guard create else { return }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create the folder \(path): \(Self.reason(error))")
            }
        default:
            throw CommandFailure("\(path) exists and is not a folder; give a folder for the traces")
        }
    }

    /// The system's reason in a Foundation error, without Foundation's sentence around it
    /// (`Bad file descriptor`, not `The operation could not be completed ... error 512`).
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(error.code)))
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
