/// Reads the file header and the section headers of a trace file, checks their framing, and
/// hands out verified section payloads.
struct SectionScanner {
    /// The file, for errors.
    let path: String
    /// The open file.
    let descriptor: Int32
    /// The file's size.
    let size: UInt64
    /// The file's minor version once its header is read; until then, and for a minor version
    /// newer than this reader's, sections of unknown kinds are skipped (a later minor version
    /// may add kinds). In a file of a minor version this reader knows, every kind is known: an
    /// unknown one is a damaged kind, which would otherwise drop an optional section unseen.
    var fileMinorVersion: UInt16?

    /// Whether a section of an unknown kind is skipped rather than rejected.
    private var skipsUnknownKinds: Bool {
        guard let fileMinorVersion else { return true }
        return fileMinorVersion > TraceFormat.minorVersion
    }

    /// The error for a section of unknown `kind` at `offset` in a file that cannot hold one.
    private func unknownKind(_ kind: UInt32, at offset: UInt64) -> TraceFileError {
        TraceFileError.invalidValue(
            path: path,
            section: .unknown(kind: kind),
            offset: offset,
            problem:
                "a version 1.\(fileMinorVersion ?? 0) file has no section of kind \(kind): its kind was damaged (only a newer minor version may add kinds)"
        )
    }

    /// What the records section's header says, or the truncation that hides it.
    enum RecordsHeader {
        /// The records section starts here, with this many records.
        case found(count: UInt64, layout: TraceFileReader.RecordsLayout)
        /// The file ends before the records section's header is whole.
        case cut(TraceFileError)
    }

    /// Reads up to `count` bytes at `offset`.
    func read(_ count: Int, at offset: UInt64) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try bytes.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            do throws(SystemFile.Failure) {
                return try SystemFile.read(descriptor, into: base, count: count, at: offset)
            } catch {
                throw TraceFileError.io(path: path, operation: .read, code: error.code)
            }
        }
        if got < count { bytes.removeSubrange(got...) }
        return bytes
    }

    /// Checks the signature, the version, the CRC-32 and the flags.
    ///
    /// - Returns: The minor version.
    func readFileHeader() throws -> UInt16 {
        let bytes = try read(TraceFormat.fileHeaderSize, at: 0)
        let signature = min(bytes.count, TraceFormat.magic.count)
        guard bytes[0..<signature].elementsEqual(TraceFormat.magic[0..<signature]) else {
            throw TraceFileError.notATrace(path: path)
        }
        guard bytes.count >= 10 else {
            throw truncated(.fileHeader, at: UInt64(bytes.count))
        }
        let major = bytes.loadLittleEndian(UInt16.self, at: 8)
        guard major != 0 else {
            throw TraceFileError.invalidValue(
                path: path,
                section: .fileHeader,
                offset: 8,
                problem: "the format version is 0, which does not exist"
            )
        }
        guard major <= TraceFormat.majorVersion else {
            throw TraceFileError.newerVersion(path: path, found: major, supported: TraceFormat.majorVersion)
        }
        guard bytes.count == TraceFormat.fileHeaderSize else {
            throw truncated(.fileHeader, at: UInt64(bytes.count))
        }
        let stored = bytes.loadLittleEndian(UInt32.self, at: 16)
        guard CRC32.checksum(Array(bytes[0..<16])) == stored else {
            throw TraceFileError.corrupted(path: path, section: .fileHeader, block: nil, offset: 0)
        }
        let flags = bytes.loadLittleEndian(UInt32.self, at: 12)
        guard flags == 0 else {
            throw TraceFileError.invalidValue(
                path: path,
                section: .fileHeader,
                offset: 12,
                problem: "unknown flags 0x\(String(flags, radix: 16)) are set"
            )
        }
        return bytes.loadLittleEndian(UInt16.self, at: 10)
    }

    /// Reads the section header at `offset`, skipping sections of unknown kinds, and checks
    /// that the next known section is `expected`.
    ///
    /// - Parameters:
    ///   - offset: Where to look; on return, where the known section starts.
    ///   - recordsRead: For truncation errors.
    /// - Returns: The section's stored CRC-32 and payload length.
    func readSectionHeader(
        _ expected: TraceSectionKind,
        at offset: inout UInt64,
        recordsRead: UInt64 = 0
    ) throws -> (checksum: UInt32, length: UInt64) {
        while true {
            let bytes = try read(TraceFormat.sectionHeaderSize, at: offset)
            guard bytes.count == TraceFormat.sectionHeaderSize else {
                throw truncated(expected.section, at: offset + UInt64(bytes.count), recordsRead: recordsRead)
            }
            let kind = bytes.loadLittleEndian(UInt32.self, at: 0)
            let checksum = bytes.loadLittleEndian(UInt32.self, at: 4)
            let length = bytes.loadLittleEndian(UInt64.self, at: 8)
            let payloadStart = offset + UInt64(TraceFormat.sectionHeaderSize)
            guard let known = TraceSectionKind(rawValue: kind) else {
                guard skipsUnknownKinds else { throw unknownKind(kind, at: offset) }
                guard fits(length, at: payloadStart) else {
                    throw truncated(.unknown(kind: kind), at: size, recordsRead: recordsRead)
                }
                offset = payloadStart + length
                continue
            }
            guard known == expected else {
                throw TraceFileError.invalidValue(
                    path: path,
                    section: expected.section,
                    offset: offset,
                    problem: "found the \(known.section) where the \(expected.section) should start"
                )
            }
            return (checksum, length)
        }
    }

    /// Reads and verifies the metadata section `kind` at `offset` (after any unknown
    /// sections), and moves `offset` past it.
    ///
    /// - Returns: A decoder over the section's payload.
    func readMetadataSection(_ kind: TraceSectionKind, from offset: inout UInt64) throws -> PayloadDecoder {
        let (checksum, length) = try readSectionHeader(kind, at: &offset)
        let payloadStart = offset + UInt64(TraceFormat.sectionHeaderSize)
        guard length <= UInt64(TraceFormatLimits.maxSectionLength) else {
            throw TraceFileError.invalidValue(
                path: path,
                section: kind.section,
                offset: offset + 8,
                problem: "the section is \(length) bytes long, more than the limit of \(TraceFormatLimits.maxSectionLength)"
            )
        }
        guard fits(length, at: payloadStart) else {
            throw truncated(kind.section, at: size)
        }
        let payload = try read(Int(length), at: payloadStart)
        guard payload.count == Int(length) else {
            throw truncated(kind.section, at: payloadStart + UInt64(payload.count))
        }
        guard CRC32.checksum(payload) == checksum else {
            throw TraceFileError.corrupted(path: path, section: kind.section, block: nil, offset: offset)
        }
        let decoder = PayloadDecoder(bytes: payload, base: payloadStart, path: path, section: kind.section)
        offset = payloadStart + length
        return decoder
    }

    /// What ``readOptionalSection(_:from:)`` found.
    enum OptionalSection {
        /// The section, verified: a decoder over its payload.
        case found(PayloadDecoder)
        /// The next known section is another one.
        case absent
        /// The file ends before the next known section's header is whole.
        case cut
    }

    /// Reads and verifies the optional metadata section `kind` when it is the next known
    /// section after `offset` (sections of unknown kinds before it are skipped), and moves
    /// `offset` past it; leaves `offset` alone when it is not there.
    func readOptionalSection(_ kind: TraceSectionKind, from offset: inout UInt64) throws -> OptionalSection {
        var position = offset
        while true {
            let bytes = try read(TraceFormat.sectionHeaderSize, at: position)
            guard bytes.count == TraceFormat.sectionHeaderSize else { return .cut }
            let found = bytes.loadLittleEndian(UInt32.self, at: 0)
            if found == kind.rawValue { break }
            guard TraceSectionKind(rawValue: found) == nil else { return .absent }
            guard skipsUnknownKinds else { throw unknownKind(found, at: position) }
            let length = bytes.loadLittleEndian(UInt64.self, at: 8)
            let payloadStart = position + UInt64(TraceFormat.sectionHeaderSize)
            guard fits(length, at: payloadStart) else { return .cut }
            position = payloadStart + length
        }
        return .found(try readMetadataSection(kind, from: &offset))
    }

    /// Reads and verifies the records section's header and fixed fields at `offset` (after
    /// any unknown sections).
    func readRecordsHeader(from start: UInt64) throws -> RecordsHeader {
        var offset = start
        let checksum: UInt32
        let length: UInt64
        do {
            (checksum, length) = try readSectionHeader(.records, at: &offset)
        } catch let error as TraceFileError {
            if case .truncated = error { return .cut(error) }
            throw error
        }
        let payloadStart = offset + UInt64(TraceFormat.sectionHeaderSize)
        let prefix = try read(TraceFormat.recordsPrefixSize, at: payloadStart)
        guard prefix.count == TraceFormat.recordsPrefixSize else {
            return .cut(truncated(.records, at: payloadStart + UInt64(prefix.count)))
        }
        guard CRC32.checksum(prefix) == checksum else {
            throw TraceFileError.corrupted(path: path, section: .records, block: nil, offset: offset)
        }
        let count = prefix.loadLittleEndian(UInt64.self, at: 0)
        let perBlock = prefix.loadLittleEndian(UInt32.self, at: 8)
        guard count <= TraceFormatLimits.maxRecords else {
            throw TraceFileError.invalidValue(
                path: path,
                section: .records,
                offset: payloadStart,
                problem: "the record count is \(count), more than the limit of \(TraceFormatLimits.maxRecords)"
            )
        }
        guard perBlock >= 1 && perBlock <= TraceFormatLimits.maxRecordsPerBlock else {
            throw TraceFileError.invalidValue(
                path: path,
                section: .records,
                offset: payloadStart + 8,
                problem: "blocks of \(perBlock) records are not allowed (1 to \(TraceFormatLimits.maxRecordsPerBlock))"
            )
        }
        let blocks = (count + UInt64(perBlock) - 1) / UInt64(perBlock)
        let expected =
            UInt64(TraceFormat.recordsPrefixSize) + blocks * UInt64(TraceFormat.blockHeaderSize)
            + count * UInt64(TraceRecord.encodedSize)
        guard length == expected else {
            throw TraceFileError.invalidValue(
                path: path,
                section: .records,
                offset: offset + 8,
                problem: "the section is \(byteCount(length)) long, "
                    + "but \(count) records in blocks of \(perBlock) take \(expected)"
            )
        }
        let layout = TraceFileReader.RecordsLayout(
            firstBlock: payloadStart + UInt64(TraceFormat.recordsPrefixSize),
            recordsPerBlock: Int(perBlock),
            sectionEnd: payloadStart + length
        )
        return .found(count: count, layout: layout)
    }

    /// Whether `length` bytes from `offset` lie within the file's size.
    func fits(_ length: UInt64, at offset: UInt64) -> Bool {
        offset <= size && length <= size - offset
    }

    /// A truncation error.
    func truncated(_ section: TraceFileSection, at offset: UInt64, recordsRead: UInt64 = 0) -> TraceFileError {
        .truncated(path: path, section: section, offset: offset, recordsReadable: recordsRead)
    }
}

extension [UInt8] {
    /// The little-endian integer at `offset`; the caller has checked the bounds.
    func loadLittleEndian<Value: FixedWidthInteger>(_: Value.Type, at offset: Int) -> Value {
        withUnsafeBytes { Value(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Value.self)) }
    }
}
