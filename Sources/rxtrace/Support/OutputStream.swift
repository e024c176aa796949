import Foundation
import RxTraceFormat

/// Buffered output to a file or standard output, written in large blocks.
///
/// The path follows ``OutputPath``'s rule for text. A file target is written under a
/// ``PartialFile`` name and renamed into place by ``close()``, so an interrupted export never
/// leaves a half file under the name the user asked for; a device or a pipe is written as it is.
final class BufferedOutput {
    private let handle: FileHandle
    private let finalPath: String?
    private let temporaryPath: String?
    private var buffer: [UInt8] = []
    private static let blockSize = 1 << 20

    /// Output to `path`, or to standard output when `path` is `nil` or `-`.
    ///
    /// - Throws: ``CommandFailure`` naming the path when ``OutputPath`` refuses it or it
    ///   cannot be created.
    init(path: String?) throws {
        buffer.reserveCapacity(Self.blockSize + 4096)
        guard let path, path != "-" else {
            handle = FileHandle.standardOutput
            finalPath = nil
            temporaryPath = nil
            return
        }
        let output = try OutputPath.check(path, for: .text)
        if output.target == .stream {
            // A device or a pipe (`-o /dev/null`, `-o >(gzip)`) is written as it is: renaming a
            // file over it would replace the device node with a regular file.
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            self.handle = handle
            finalPath = path
            temporaryPath = nil
            return
        }
        let target = TraceOutputTarget.resolvedPath(path)
        PartialFile.removeStale(for: target)
        let temporary = PartialFile.path(for: target)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        finalPath = target
        temporaryPath = temporary
    }

    /// Appends text.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Appends bytes, for binary formats.
    func write(bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.blockSize { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw CommandFailure("cannot write \(finalPath ?? "standard output"): \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and, for a file, renames it into place.
    func close() throws {
        try flush()
        guard let finalPath, let temporaryPath else {
            if finalPath != nil { try? handle.close() }
            return
        }
        try? handle.close()
        guard rename(temporaryPath, finalPath) == 0 else {
            unlink(temporaryPath)
            throw CommandFailure("cannot write \(finalPath): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes a partly written file after a failure.
    func discard() {
        guard let temporaryPath else { return }
        try? handle.close()
        unlink(temporaryPath)
    }
}

/// Strings as JSON string literals.
enum JSONText {
    /// `text` quoted and escaped as a JSON string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
