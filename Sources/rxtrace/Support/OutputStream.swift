import Foundation
import RxTraceFormat

/// Buffered output to a file or standard output, written in large blocks.
///
/// Text formats either append whole strings (``write(_:)``) or, on the per-record path of an
/// export, format straight into the buffer: ``reserve(_:)`` hands out room for at most so many
/// bytes and ``commit(_:)`` takes what was written, so no `String` is built per record.
///
/// The path follows ``OutputPath``'s rule for text. A file target is written under a
/// ``PartialFile`` name and renamed into place by ``close()``, so an interrupted export never
/// leaves a half file under the name the user asked for; a device or a pipe is written as it is.
final class BufferedOutput {
    private let handle: FileHandle
    private let finalPath: String?
    private let temporaryPath: String?
    // The buffer: `count` of `capacity` bytes are used. `@exclusivity(unchecked)`: one thread
    // writes an output, and the run-time exclusivity checks would cost every record of an
    // export several calls.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var count = 0
    /// The buffer is written out once it holds this much.
    private static let blockSize = 1 << 20

    /// Output to `path`, or to standard output when `path` is `nil` or `-`.
    ///
    /// - Throws: ``CommandFailure`` naming the path when ``OutputPath`` refuses it or it
    ///   cannot be created.
    init(path: String?) throws {
        // Room for a whole block plus whatever one reservation asks for beyond it.
        capacity = 2 * Self.blockSize
        storage = .allocate(capacity: capacity)
        guard let path, path != "-" else {
            // A closed standard output would be taken by the next file opened (the trace
            // read, which is not writable): say so now, in one line.
            let mode = fcntl(STDOUT_FILENO, F_GETFL)
            guard mode >= 0, mode & O_ACCMODE != O_RDONLY else {
                storage.deallocate()
                throw CommandFailure("cannot write standard output: it is closed")
            }
            handle = FileHandle.standardOutput
            finalPath = nil
            temporaryPath = nil
            return
        }
        let output = try OutputPath.check(path, for: .text)
        if output.target == .stream {
            // A device or a pipe (`-o /dev/null`, `-o >(gzip)`) is written as it is: renaming a
            // file over it would replace the device node with a regular file.
            // One of this process's descriptors (`-o /dev/stdout`) is written through a
            // duplicate: opened anew, a file behind it would be overwritten from its start.
            if let own = TraceOutputTarget.ownDescriptor(at: path) {
                let duplicate = fcntl(own, F_DUPFD_CLOEXEC, 0)
                guard duplicate >= 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
                handle = FileHandle(fileDescriptor: duplicate, closeOnDealloc: true)
            } else {
                guard let handle = FileHandle(forWritingAtPath: path) else {
                    throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
                }
                self.handle = handle
            }
            finalPath = path
            temporaryPath = nil
            return
        }
        let target = TraceOutputTarget.resolvedPath(path)
        PartialFile.removeStale(for: target)
        let partial: PartialFile.Created
        do {
            partial = try PartialFile.create(for: target)
        } catch {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(error.code)))")
        }
        // Closed only after the rename: the lock on it says the export is still running.
        handle = FileHandle(fileDescriptor: partial.descriptor, closeOnDealloc: true)
        finalPath = target
        temporaryPath = partial.path
    }

    deinit {
        storage.deallocate()
    }

    /// Appends text.
    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try append($0) }
    }

    /// Appends bytes, for binary formats.
    func write(bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try append($0) }
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var cursor = try reserve(bytes.count)
        cursor.bytes(bytes)
        try commit(cursor)
    }

    /// Room for at most `byteCount` bytes at the end of the buffer, written out first when it
    /// does not fit (the buffer grows for a reservation larger than it).
    ///
    /// Write through the cursor, then hand it to ``commit(_:)``; nothing else may write in
    /// between.
    @inline(__always)
    func reserve(_ byteCount: Int) throws -> ByteCursor {
        if byteCount > capacity - count {
            try makeRoom(byteCount)
        }
        return ByteCursor(storage + count)
    }

    /// Takes the bytes written through `cursor` since ``reserve(_:)``, and writes the buffer
    /// out once it holds a block.
    @inline(__always)
    func commit(_ cursor: ByteCursor) throws {
        count = cursor.position - storage
        precondition(count <= capacity, "more bytes written than reserved")
        if count >= Self.blockSize { try flush() }
    }

    private func makeRoom(_ byteCount: Int) throws {
        try flush()
        if byteCount > capacity {
            storage.deallocate()
            capacity = byteCount
            storage = .allocate(capacity: capacity)
        }
    }

    private func flush() throws {
        guard count > 0 else { return }
        do {
            try handle.write(contentsOf: UnsafeRawBufferPointer(start: storage, count: count))
        } catch {
            throw CommandFailure("cannot write \(finalPath ?? "standard output"): \(OutputPath.reason(error))")
        }
        count = 0
    }

    /// Writes what is buffered and, for a file, renames it into place.
    func close() throws {
        try flush()
        guard let finalPath, let temporaryPath else {
            if finalPath != nil { try? handle.close() }
            return
        }
        // Renamed while still open, so that its lock is held until it has its final name.
        guard rename(temporaryPath, finalPath) == 0 else {
            let code = errno
            try? handle.close()
            unlink(temporaryPath)
            throw CommandFailure("cannot write \(finalPath): \(String(cString: strerror(code)))")
        }
        try? handle.close()
    }

    /// Removes a partly written file after a failure.
    func discard() {
        guard let temporaryPath else { return }
        try? handle.close()
        unlink(temporaryPath)
    }
}
