/// Streams the records of a trace file, block by block, in constant memory.
///
/// Made by ``TraceFileReader/records()``. Each block's CRC-32 is checked before the block's
/// first record is returned, so every record returned was written as it reads. At the end
/// of the records the iterator also checks the end section, so a file cut exactly between
/// two blocks is reported as truncated rather than read as complete.
///
/// ```swift
/// let records = reader.records()
/// do {
///     while let record = try records.next() { use(record) }
/// } catch let error as TraceFileError {
///     // records.recordsRead records were read before the problem
/// }
/// ```
///
/// After an error, `next()` throws the same error again.
public final class TraceRecordIterator {
    private static let bufferCapacity = 1 << 20

    private let reader: TraceFileReader
    private let bounds: TraceReferenceBounds
    private let buffer: UnsafeMutableRawPointer
    /// The file offset of the buffer's first byte.
    private var bufferStart: UInt64 = 0
    /// The bytes in the buffer.
    private var bufferCount = 0
    // `@exclusivity(unchecked)` on what `next()` touches per record: an iterator is used by one
    // thread, and the run-time exclusivity checks cost every record about 75 instructions
    // (callgrind), a sixth of reading it.
    /// Where the next record of the current block is in the buffer.
    @exclusivity(unchecked) private var cursor = 0
    /// Records of the current block not returned yet.
    @exclusivity(unchecked) private var blockRemaining = 0
    /// Where the next block starts in the file.
    private var nextBlock: UInt64
    /// The index of the next block.
    private var blockIndex: UInt64 = 0
    private var finished = false
    private var failure: TraceFileError?

    /// The number of records returned so far.
    @exclusivity(unchecked) public private(set) var recordsRead: UInt64 = 0

    init(reader: TraceFileReader) {
        self.reader = reader
        bounds = reader.bounds
        nextBlock = reader.layout?.firstBlock ?? 0
        buffer = .allocate(byteCount: Self.bufferCapacity, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// The next record, or `nil` after the last one once the end section has been checked.
    ///
    /// - Throws: ``TraceFileError``: `truncated` (with the number of records read before the
    ///   cut) when the file ends early, `corrupted` when a block's checksum fails,
    ///   `invalidValue` for an unknown kind or an index out of range, `io` when reading fails.
    public func next() throws -> TraceRecord? {
        if blockRemaining > 0 {
            let source = UnsafeRawPointer(buffer + cursor)
            if let record = TraceRecordCodec.decode(from: source),
                bounds.problem(with: record, index: recordsRead) == nil
            {
                cursor += TraceRecord.encodedSize
                blockRemaining -= 1
                recordsRead += 1
                return record
            }
            throw fail(invalidRecord(at: source))
        }
        return try nextBlockRecord()
    }

    /// Moves to the next block, or to the end of the file.
    private func nextBlockRecord() throws -> TraceRecord? {
        if let failure { throw failure }
        if finished { return nil }
        guard let layout = reader.layout, let count = reader.recordCount else {
            throw fail(reader.missingRecords ?? truncated(.records, at: reader.fileSize))
        }
        if recordsRead == count {
            try readEnd(from: layout.sectionEnd)
            finished = true
            return nil
        }
        try loadBlock(expecting: Int(min(UInt64(layout.recordsPerBlock), count - recordsRead)))
        return try next()
    }

    /// Reads the block at ``nextBlock`` into the buffer and checks it.
    private func loadBlock(expecting expected: Int) throws {
        let start = nextBlock
        guard try ensure(TraceFormat.blockHeaderSize, at: start) else {
            throw fail(truncated(.records, at: bufferEnd))
        }
        let header = buffer + Int(start - bufferStart)
        let count = Int(UInt32(littleEndian: header.loadUnaligned(as: UInt32.self)))
        let stored = UInt32(littleEndian: header.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        guard count == expected else {
            throw fail(
                .invalidValue(
                    path: reader.path,
                    section: .records,
                    offset: start,
                    problem: "record block \(blockIndex) holds \(count) records, but \(expected) were expected"
                )
            )
        }
        let length = count * TraceRecord.encodedSize
        let recordsStart = start + UInt64(TraceFormat.blockHeaderSize)
        guard try ensure(length, at: recordsStart) else {
            throw fail(truncated(.records, at: bufferEnd))
        }
        cursor = Int(recordsStart - bufferStart)
        let checksum = CRC32.checksum(UnsafeRawBufferPointer(start: buffer + cursor, count: length))
        guard checksum == stored else {
            throw fail(.corrupted(path: reader.path, section: .records, block: blockIndex, offset: start))
        }
        blockRemaining = count
        blockIndex += 1
        nextBlock = recordsStart + UInt64(length)
    }

    /// Checks what follows the records: sections of unknown kinds (in a file of a newer minor
    /// version), then the end section, then nothing.
    private func readEnd(from start: UInt64) throws {
        var scanner = SectionScanner(path: reader.path, descriptor: reader.descriptor.descriptor, size: reader.fileSize)
        scanner.fileMinorVersion = reader.minorVersion
        var offset = start
        do {
            let (checksum, length) = try scanner.readSectionHeader(.end, at: &offset, recordsRead: recordsRead)
            guard length == UInt64(TraceFormat.endPayloadSize) else {
                throw TraceFileError.invalidValue(
                    path: reader.path,
                    section: .end,
                    offset: offset + 8,
                    problem: "the end section is \(byteCount(length)) long instead of \(TraceFormat.endPayloadSize)"
                )
            }
            let payloadStart = offset + UInt64(TraceFormat.sectionHeaderSize)
            let payload = try scanner.read(TraceFormat.endPayloadSize + 1, at: payloadStart)
            guard payload.count >= TraceFormat.endPayloadSize else {
                throw truncated(.end, at: payloadStart + UInt64(payload.count))
            }
            let body = Array(payload[0..<TraceFormat.endPayloadSize])
            guard CRC32.checksum(body) == checksum else {
                throw TraceFileError.corrupted(path: reader.path, section: .end, block: nil, offset: offset)
            }
            let end = payloadStart + UInt64(TraceFormat.endPayloadSize)
            let recordedSize = body.loadLittleEndian(UInt64.self, at: 0)
            guard recordedSize == end else {
                throw TraceFileError.invalidValue(
                    path: reader.path,
                    section: .end,
                    offset: payloadStart,
                    problem: "the end section gives a file size of \(recordedSize) bytes, but it ends at byte \(end)"
                )
            }
            guard payload.count == TraceFormat.endPayloadSize else {
                let extra = max(reader.fileSize, end + 1) - end
                throw TraceFileError.invalidValue(
                    path: reader.path,
                    section: .end,
                    offset: end,
                    problem: extra == 1 ? "1 byte follows the end section" : "\(extra) bytes follow the end section"
                )
            }
        } catch let error as TraceFileError {
            throw fail(error)
        }
    }

    /// Makes sure the buffer holds `count` bytes from `offset`, reading from `offset` on when
    /// it does not.
    ///
    /// - Returns: `false` when the file ends first.
    private func ensure(_ count: Int, at offset: UInt64) throws -> Bool {
        if offset >= bufferStart && offset + UInt64(count) <= bufferEnd {
            return true
        }
        do throws(SystemFile.Failure) {
            bufferStart = offset
            bufferCount = 0
            bufferCount = try SystemFile.read(
                reader.descriptor.descriptor,
                into: buffer,
                count: Self.bufferCapacity,
                at: offset
            )
        } catch {
            throw fail(.io(path: reader.path, operation: .read, code: error.code))
        }
        return count <= bufferCount
    }

    /// The file offset just past the buffer's bytes.
    private var bufferEnd: UInt64 { bufferStart + UInt64(bufferCount) }

    /// The error for the record at `source`, which did not decode or check.
    private func invalidRecord(at source: UnsafeRawPointer) -> TraceFileError {
        let offset = bufferStart + UInt64(source - UnsafeRawPointer(buffer))
        let problem: String
        if let record = TraceRecordCodec.decode(from: source) {
            problem = bounds.problem(with: record, index: recordsRead) ?? "record \(recordsRead) is invalid"
        } else {
            problem = TraceRecordCodec.kindProblem(at: source, index: recordsRead)
        }
        return .invalidValue(path: reader.path, section: .records, offset: offset, problem: problem)
    }

    private func truncated(_ section: TraceFileSection, at offset: UInt64) -> TraceFileError {
        .truncated(path: reader.path, section: section, offset: offset, recordsReadable: recordsRead)
    }

    /// Remembers `error` so that later calls throw it again, and returns it.
    private func fail(_ error: TraceFileError) -> TraceFileError {
        failure = error
        blockRemaining = 0
        return error
    }
}
