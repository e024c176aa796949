#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a trace file atomically: the metadata first, then records streamed in blocks, then
/// the end section; the file appears under its final name only when it is whole.
///
/// The writer creates a ``PartialFile`` (`<path>.rxtrace-partial-<pid>-<random>`) in the
/// same directory, writes through a 1 MiB buffer (one system call per megabyte, not per
/// record), flushes the file to disk and renames it onto `path`; it holds a lock on the partial
/// file until then, which tells other writers' clean-up that the file is still being written. When anything fails (a write,
/// a record that refers to a probe the metadata does not have, ``discard()``, or the writer
/// going away unfinished), it removes the temporary file and leaves `path` as it was. Partial
/// files of the same path that no writer holds any more are removed when the writer starts.
///
/// What is already at `path` decides the rest (``TraceOutputTarget``): a trace or an empty
/// file is replaced; any other file is left as it is and the writer refuses to start, unless
/// it was created with ``TraceFileReplacement/anyFile``; a directory or a socket is refused; a
/// device or a FIFO is written as it is, from an unnamed temporary file in the system's
/// temporary directory once the trace is complete (never renamed over, never removed).
///
/// Most callers use one of the `write` functions:
///
/// ```swift
/// try TraceFileWriter.write(metadata, records: records, to: "run.rxtrace")
/// ```
///
/// A caller that holds records in several buffers (a ring buffer's chunks) streams them
/// without gathering them into one array:
///
/// ```swift
/// let writer = try TraceFileWriter(path: "run.rxtrace", file: metadata)
/// for chunk in chunks {
///     try chunk.withUnsafeBufferPointer { try writer.append(contentsOf: $0) }
/// }
/// try writer.finish()
/// ```
///
/// Every record is checked against the metadata (its probe, thread and string references,
/// its Boolean and disposal-reason values), so a file this writer writes is one the reader
/// reads.
public final class TraceFileWriter {
    /// Where the file appears when ``finish()`` succeeds.
    public let path: String
    /// The temporary file being written: next to ``path``, or in the system's temporary
    /// directory (already unlinked) when ``path`` is a device or a FIFO.
    public let temporaryPath: String
    /// The file the finished temporary file is renamed onto (``path`` with a symbolic link
    /// resolved), or `nil` when the trace is copied into a device or FIFO at ``path``.
    private let renameTarget: String?

    private enum State {
        case writing
        case finished
        case failed(TraceFileError)
    }

    private static let bufferCapacity = 1 << 20
    private static let recordsPerBlock = TraceFormatLimits.maxRecordsPerBlock
    private static let blockBytes = TraceFormat.blockHeaderSize + recordsPerBlock * TraceRecord.encodedSize

    private var state = State.writing
    /// The metadata written at the start, kept for ``correctRecordCounts(written:lost:)``.
    private var metadata: TraceFile
    /// Whether the header's record counts changed since it was written.
    private var countsCorrected = false
    private var descriptor: Int32
    private let buffer: UnsafeMutableRawPointer
    private var bufferFill = 0
    /// Bytes written to the file so far, not counting the buffer.
    private var flushedBytes: UInt64 = 0
    private let bounds: TraceReferenceBounds
    /// Where the records section's header starts: it is written last, once the count is known.
    private let recordsSectionOffset: UInt64
    private var recordCount: UInt64 = 0
    /// Where the open block's header is in the buffer.
    private var blockStart = 0
    /// Records in the open block; 0 when no block is open.
    private var blockRecords = 0
    /// Test hook: fail writes with `ENOSPC` once the file would grow beyond this many bytes.
    private let writeLimit: UInt64?

    /// Starts a trace file: checks the metadata, creates the temporary file and writes the
    /// metadata to it.
    ///
    /// - Parameters:
    ///   - path: Where the file appears when ``finish()`` succeeds; an existing file there is
    ///     replaced then.
    ///   - file: The metadata. ``TraceHeader/recordsWritten`` and
    ///     ``TraceHeader/recordsLost`` are written as given.
    ///   - replacing: Which existing files at `path` may be replaced; a file that is not a trace
    ///     is left alone by default.
    /// - Throws: ``TraceFileError/invalidInput(path:problem:)`` when the metadata breaks a
    ///   rule of the format (a reference out of range, a table beyond ``TraceFormatLimits``,
    ///   a first string that is not empty), or when `path` is a directory, a socket or a file
    ///   `replacing` does not allow, before any file is created;
    ///   ``TraceFileError/io(path:operation:code:)`` when the temporary file cannot be created
    ///   or written.
    public convenience init(path: String, file: TraceFile, replacing: TraceFileReplacement = .tracesOnly) throws {
        try self.init(path: path, file: file, replacing: replacing, writeLimit: nil)
    }

    /// Starts a trace file whose writes fail with `ENOSPC` past `writeLimit` bytes (tests).
    init(path: String, file: TraceFile, replacing: TraceFileReplacement = .tracesOnly, writeLimit: UInt64?) throws {
        let encoder = TraceMetadataEncoder(path: path, file: file)
        let metadata = try encoder.encode()
        self.path = path
        self.writeLimit = writeLimit
        self.metadata = file
        bounds = encoder.bounds
        switch TraceOutputTarget.inspect(path) {
        case .directory:
            throw TraceFileError.invalidInput(path: path, problem: "it is a directory; name a file inside it")
        case .unusable(let what):
            throw TraceFileError.invalidInput(path: path, problem: "it is \(what)")
        case .otherFile where replacing == .tracesOnly:
            throw TraceFileError.invalidInput(path: path, problem: "a file that is not a trace is there, and it is left as it is")
        case .stream:
            renameTarget = nil
            temporaryPath = PartialFile.path(for: SystemFile.temporaryDirectory + "/stream-" + PartialFile.split(path).name)
            do throws(SystemFile.Failure) {
                descriptor = try SystemFile.create(temporaryPath, readable: true)
            } catch {
                throw TraceFileError.io(path: path, operation: .create(temporaryPath: temporaryPath), code: error.code)
            }
            // Nobody else needs to see it: unnamed, it cannot be left behind.
            SystemFile.remove(temporaryPath)
        case .nothing, .emptyFile, .traceFile, .otherFile:
            let target = TraceOutputTarget.resolvedPath(path)
            renameTarget = target
            PartialFile.removeStale(for: target)
            do throws(PartialFile.CreationFailure) {
                // Locked until it is renamed or removed: the sign, to other writers' clean-up,
                // that this dump is still running.
                let partial = try PartialFile.create(for: target)
                temporaryPath = partial.path
                descriptor = partial.descriptor
            } catch {
                throw TraceFileError.io(path: path, operation: .create(temporaryPath: error.path), code: error.code)
            }
        }
        buffer = .allocate(byteCount: Self.bufferCapacity, alignment: 16)
        recordsSectionOffset = UInt64(metadata.count)
        try metadata.withUnsafeBytes { try put($0) }
        // The records section's header and fixed fields, filled in by `finish()`.
        let placeholder = [UInt8](repeating: 0, count: TraceFormat.sectionHeaderSize + TraceFormat.recordsPrefixSize)
        try placeholder.withUnsafeBytes { try put($0) }
    }

    deinit {
        if case .writing = state {
            abandon()
        }
        buffer.deallocate()
    }

    /// The number of records appended so far.
    public var recordsAppended: UInt64 { recordCount }

    /// Appends one record.
    ///
    /// - Throws: ``TraceFileError/invalidInput(path:problem:)`` when the record refers to a
    ///   probe, thread or string the metadata does not have, or has an impossible value;
    ///   ``TraceFileError/io(path:operation:code:)`` when writing fails. After an error the
    ///   writer has removed its temporary file and every later call throws the same error.
    public func append(_ record: TraceRecord) throws {
        try checkWriting()
        try appendChecked(record)
    }

    /// Appends records from a buffer, such as one chunk of a ring buffer.
    ///
    /// - Throws: As ``append(_:)``.
    public func append(contentsOf records: UnsafeBufferPointer<TraceRecord>) throws {
        try checkWriting()
        for record in records {
            try appendChecked(record)
        }
    }

    /// Appends records from a sequence.
    ///
    /// - Throws: As ``append(_:)``.
    public func append(contentsOf records: some Sequence<TraceRecord>) throws {
        try checkWriting()
        let handled: Void? = try records.withContiguousStorageIfAvailable { buffer in
            for record in buffer {
                try appendChecked(record)
            }
        }
        if handled == nil {
            for record in records {
                try appendChecked(record)
            }
        }
    }

    /// Appends records given in their 32-byte file encoding (`docs/trace-format.md`), such as
    /// a copy of ring buffer memory that stores records as four little-endian words: the
    /// records are checked like the others, without building `TraceRecord` arrays first.
    ///
    /// - Parameter bytes: Whole records, one after the other; any alignment.
    /// - Throws: ``TraceFileError/invalidInput(path:problem:)`` when the length is not a
    ///   multiple of 32 or a record has an unknown event or value kind; otherwise as
    ///   ``append(_:)``.
    public func append(encodedRecords bytes: UnsafeRawBufferPointer) throws {
        try checkWriting()
        guard bytes.count % TraceRecord.encodedSize == 0 else {
            throw fail(
                .invalidInput(
                    path: path,
                    problem: "\(bytes.count) bytes of encoded records are not a whole number of 32-byte records"
                )
            )
        }
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            guard let record = TraceRecordCodec.decode(from: base + offset) else {
                throw fail(
                    .invalidInput(path: path, problem: TraceRecordCodec.kindProblem(at: base + offset, index: recordCount))
                )
            }
            try appendChecked(record)
            offset += TraceRecord.encodedSize
        }
    }

    /// Replaces the header's ``TraceHeader/recordsWritten`` and ``TraceHeader/recordsLost``,
    /// already written at the start, when ``finish()`` runs: for a writer fed from memory that
    /// lost records while they were being appended (a ring buffer chunk recycled before it was
    /// read), so that the file says what it holds.
    public func correctRecordCounts(written: UInt64, lost: UInt64) {
        metadata.header.recordsWritten = written
        metadata.header.recordsLost = lost
        countsCorrected = true
    }

    /// Completes the file: writes the last block, the record count and the end section,
    /// flushes the file to disk and renames it onto ``path``.
    ///
    /// - Throws: ``TraceFileError/io(path:operation:code:)`` naming the step that failed;
    ///   the temporary file is removed and nothing is left at ``path`` that was not there
    ///   before.
    public func finish() throws {
        try checkWriting()
        if blockRecords > 0 { closeBlock() }
        try flush()
        let blocks = (recordCount + UInt64(Self.recordsPerBlock) - 1) / UInt64(Self.recordsPerBlock)
        var prefix = ByteEncoder()
        prefix.append(recordCount)
        prefix.append(UInt32(Self.recordsPerBlock))
        var records = ByteEncoder()
        records.append(TraceSectionKind.records.rawValue)
        records.append(CRC32.checksum(prefix.bytes))
        records.append(
            UInt64(TraceFormat.recordsPrefixSize) + blocks * UInt64(TraceFormat.blockHeaderSize)
                + recordCount * UInt64(TraceRecord.encodedSize)
        )
        records.append(bytes: prefix.bytes)
        var end = ByteEncoder()
        end.append(flushedBytes + UInt64(TraceFormat.sectionHeaderSize + TraceFormat.endPayloadSize))
        var endSection = ByteEncoder()
        endSection.appendSection(.end, payload: end.bytes)
        let temporary = temporaryPath
        if let code = writeBytes(records.bytes, at: recordsSectionOffset) {
            throw fail(.io(path: path, operation: .write(temporaryPath: temporary), code: code))
        }
        if countsCorrected {
            // The counts are fixed-size fields: the metadata keeps its length, and so every
            // offset after it.
            guard let rewritten = try? TraceMetadataEncoder(path: path, file: metadata).encode(),
                UInt64(rewritten.count) == recordsSectionOffset
            else {
                throw fail(.invalidInput(path: path, problem: "the corrected metadata changed length"))
            }
            if let code = writeBytes(rewritten, at: 0) {
                throw fail(.io(path: path, operation: .write(temporaryPath: temporary), code: code))
            }
        }
        try endSection.bytes.withUnsafeBytes { try put($0) }
        try flush()
        guard let renameTarget else {
            try copyIntoStream()
            state = .finished
            return
        }
        do throws(SystemFile.Failure) {
            try SystemFile.sync(descriptor)
        } catch {
            throw fail(.io(path: path, operation: .sync(temporaryPath: temporary), code: error.code))
        }
        // Renamed while still open: closing releases the partial file's lock, and an unlocked
        // partial file is one another writer's clean-up may remove.
        do throws(SystemFile.Failure) {
            try SystemFile.rename(temporary, to: renameTarget)
        } catch {
            throw fail(.io(path: path, operation: .rename(temporaryPath: temporary), code: error.code))
        }
        state = .finished
        let closing = descriptor
        descriptor = -1
        do throws(SystemFile.Failure) {
            try SystemFile.close(closing)
        } catch {
            // The synced file is in place under its name already; the error is still the caller's to know.
            throw TraceFileError.io(path: path, operation: .close(temporaryPath: temporary), code: error.code)
        }
        SystemFile.syncDirectory(containing: renameTarget)
    }

    /// Copies the finished temporary file into the device or FIFO at ``path``, which is
    /// opened for writing as it is (never created: a device that went away is an error, not a
    /// new regular file). A FIFO waits up to a second for a reader, then the write fails: a
    /// program is never held up at exit by a FIFO nobody reads.
    private func copyIntoStream() throws {
        let temporary = temporaryPath
        let output: Int32
        do throws(SystemFile.Failure) {
            output = try SystemFile.openExisting(path)
        } catch {
            if error.code == ENXIO {
                throw fail(.invalidInput(path: path, problem: "no process is reading the FIFO"))
            }
            throw fail(.io(path: path, operation: .copy(temporaryPath: temporary), code: error.code))
        }
        defer { _ = try? SystemFile.close(output) }
        let failure = SystemFile.withBrokenPipeAsError { () -> Int32? in
            var offset: UInt64 = 0
            while true {
                do throws(SystemFile.Failure) {
                    let count = try SystemFile.read(descriptor, into: buffer, count: Self.bufferCapacity, at: offset)
                    if count == 0 { return nil }
                    try SystemFile.write(output, buffer, count: count)
                    offset += UInt64(count)
                } catch {
                    return error.code
                }
            }
        }
        if let failure {
            throw fail(.io(path: path, operation: .copy(temporaryPath: temporary), code: failure))
        }
        let closing = descriptor
        descriptor = -1
        _ = try? SystemFile.close(closing)
    }

    /// Gives up: removes the temporary file. Later calls throw. Does nothing once the writer
    /// has finished or failed.
    public func discard() {
        guard case .writing = state else { return }
        abandon()
        state = .failed(.invalidInput(path: path, problem: "the writer was discarded"))
    }

    // MARK: Convenience

    /// Writes a whole trace file atomically.
    ///
    /// - Parameters:
    ///   - file: The metadata.
    ///   - records: The records, in the order they are to be read back.
    ///   - path: Where the file appears; an existing file there is replaced (as ``init(path:file:replacing:)`` says).
    ///   - replacing: Which existing files at `path` may be replaced.
    /// - Throws: A ``TraceFileError`` naming `path` and the cause; nothing is left behind.
    public static func write(
        _ file: TraceFile,
        records: some Sequence<TraceRecord>,
        to path: String,
        replacing: TraceFileReplacement = .tracesOnly
    ) throws {
        let writer = try TraceFileWriter(path: path, file: file, replacing: replacing)
        try writer.append(contentsOf: records)
        try writer.finish()
    }

    /// Writes a whole trace file atomically from records held in several buffers, such as
    /// the chunks of a ring buffer, without copying them into one array.
    ///
    /// - Parameters:
    ///   - file: The metadata.
    ///   - recordChunks: The buffers, in order; records are read in order within each.
    ///   - path: Where the file appears; an existing trace or empty file there is replaced.
    /// - Throws: A ``TraceFileError`` naming `path` and the cause; nothing is left behind.
    public static func write(
        _ file: TraceFile,
        recordChunks: some Sequence<UnsafeBufferPointer<TraceRecord>>,
        to path: String
    ) throws {
        let writer = try TraceFileWriter(path: path, file: file)
        for chunk in recordChunks {
            try writer.append(contentsOf: chunk)
        }
        try writer.finish()
    }

    /// Writes a whole trace file atomically, with records produced by a closure that appends
    /// them to the writer it is given.
    ///
    /// - Parameters:
    ///   - file: The metadata.
    ///   - path: Where the file appears; an existing trace or empty file there is replaced.
    ///   - produce: Appends the records (``append(_:)`` and the `append(contentsOf:)` functions); an
    ///     error it throws removes the temporary file and is rethrown as is.
    /// - Throws: A ``TraceFileError`` naming `path` and the cause, or `produce`'s error;
    ///   nothing is left behind.
    public static func write(
        _ file: TraceFile,
        to path: String,
        records produce: (TraceFileWriter) throws -> Void
    ) throws {
        let writer = try TraceFileWriter(path: path, file: file)
        do {
            try produce(writer)
        } catch {
            writer.discard()
            throw error
        }
        try writer.finish()
    }

    // MARK: Internals

    private func checkWriting() throws {
        switch state {
        case .writing: return
        case .finished: throw TraceFileError.invalidInput(path: path, problem: "the writer has already finished")
        case .failed(let error): throw error
        }
    }

    @inline(__always)
    private func appendChecked(_ record: TraceRecord) throws {
        if let problem = bounds.problem(with: record, index: recordCount) {
            throw fail(.invalidInput(path: path, problem: problem))
        }
        if blockRecords == 0 {
            guard recordCount < TraceFormatLimits.maxRecords else {
                throw fail(
                    .invalidInput(path: path, problem: "a trace holds at most \(TraceFormatLimits.maxRecords) records")
                )
            }
            try openBlock()
        }
        TraceRecordCodec.encode(record, to: buffer + bufferFill)
        bufferFill += TraceRecord.encodedSize
        blockRecords += 1
        recordCount += 1
        if blockRecords == Self.recordsPerBlock {
            closeBlock()
        }
    }

    /// Reserves the header of a new block, with room in the buffer for the whole block.
    private func openBlock() throws {
        if Self.bufferCapacity - bufferFill < Self.blockBytes {
            try flush()
        }
        blockStart = bufferFill
        bufferFill += TraceFormat.blockHeaderSize
    }

    /// Fills in the open block's header: its record count and the CRC-32 of its records.
    private func closeBlock() {
        let records = UnsafeRawBufferPointer(
            start: buffer + blockStart + TraceFormat.blockHeaderSize,
            count: blockRecords * TraceRecord.encodedSize
        )
        buffer.storeBytes(of: UInt32(blockRecords).littleEndian, toByteOffset: blockStart, as: UInt32.self)
        buffer.storeBytes(of: CRC32.checksum(records).littleEndian, toByteOffset: blockStart + 4, as: UInt32.self)
        blockRecords = 0
    }

    /// Appends bytes through the buffer (directly when they do not fit in it).
    private func put(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > Self.bufferCapacity - bufferFill {
            try flush()
        }
        if bytes.count <= Self.bufferCapacity {
            (buffer + bufferFill).copyMemory(from: base, byteCount: bytes.count)
            bufferFill += bytes.count
        } else {
            try writeToFile(base, count: bytes.count)
        }
    }

    /// Writes the buffer to the file.
    private func flush() throws {
        guard bufferFill > 0 else { return }
        try writeToFile(buffer, count: bufferFill)
        bufferFill = 0
    }

    private func writeToFile(_ bytes: UnsafeRawPointer, count: Int) throws {
        do throws(SystemFile.Failure) {
            if let writeLimit, flushedBytes + UInt64(count) > writeLimit {
                throw SystemFile.Failure(code: ENOSPC)
            }
            try SystemFile.write(descriptor, bytes, count: count)
            flushedBytes += UInt64(count)
        } catch {
            throw fail(.io(path: path, operation: .write(temporaryPath: temporaryPath), code: error.code))
        }
    }

    /// Writes `bytes` at `offset` without moving the file position.
    ///
    /// - Returns: `nil`, or the `errno` of the failure.
    private func writeBytes(_ bytes: [UInt8], at offset: UInt64) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            do throws(SystemFile.Failure) {
                try SystemFile.write(descriptor, base, count: raw.count, at: offset)
                return nil
            } catch {
                return error.code
            }
        }
    }

    /// Removes the temporary file and remembers `error` for later calls.
    private func fail(_ error: TraceFileError) -> TraceFileError {
        abandon()
        state = .failed(error)
        return error
    }

    /// Closes and removes the temporary file.
    private func abandon() {
        if descriptor >= 0 {
            _ = try? SystemFile.close(descriptor)
            descriptor = -1
        }
        SystemFile.remove(temporaryPath)
    }
}
