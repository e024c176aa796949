import TestSupport
import Testing

@testable import RxTraceFormat

/// The file header's checks, and forward compatibility within version 1: unknown sections
/// are skipped, newer minor versions read, newer major versions rejected.
@Suite struct TraceFileVersionTests {
    private let directory: TemporaryDirectory
    private let path: String
    private let original: [UInt8]
    private let file = {
        var file = TraceFixtures.file()
        file.probeTotals = file.probes.map { _ in TraceProbeTotals(subscribed: 1, next: 2) }
        file.resourceSamples = TraceResourceSamples(
            period: 1_000_000_000, taken: 2, samples: [TraceResourceSample(timestamp: 10, resourcesTotal: 2, types: [])])
        return file
    }()
    private let records = TraceFixtures.records(5_000)

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trace.rxtrace")
        try TraceFileWriter.write(file, records: records, to: path)
        original = try readBytes(path)
    }

    private func reading(_ bytes: [UInt8]) throws -> (TraceFileReader, [TraceRecord]) {
        try writeBytes(bytes, to: path)
        let reader = try TraceFileReader(path: path)
        return (reader, try reader.readAllRecords())
    }

    /// The little-endian bytes of a minor version above this reader's, for the file header.
    private static let newerMinorVersion: [UInt8] = {
        let newer: UInt16 = TraceFormat.minorVersion + 1
        return le(newer)
    }()

    private func error(reading bytes: [UInt8]) throws -> TraceFileError? {
        try writeBytes(bytes, to: path)
        return #expect(throws: TraceFileError.self) {
            let reader = try TraceFileReader(path: path)
            _ = try reader.readAllRecords()
        }
    }

    @Test("a newer major version is rejected with the version in the message")
    func aNewerMajorVersionIsRejectedWithTheVersionInTheMessage() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.fileHeader.replaceSubrange(8..<10, with: le(UInt16(2)))
        let error = try error(reading: raw.bytes())
        #expect(error == .newerVersion(path: path, found: 2, supported: 1))
        #expect(
            error?.description
                == "\(path) is a version 2 trace file, but this reader reads versions up to 1; "
                + "a newer rxtrace is needed to read it"
        )
    }

    @Test("the version is checked before anything after it")
    func theVersionIsCheckedBeforeAnythingAfterIt() throws {
        defer { directory.remove() }
        // A version 3 file may lay out its header differently: only the signature and the
        // version are read, whatever follows.
        let bytes = TraceFormat.magic + le(UInt16(3)) + [0xFF, 0xFF, 0xFF]
        #expect(try error(reading: bytes) == .newerVersion(path: path, found: 3, supported: 1))
    }

    @Test("version zero does not exist")
    func versionZeroDoesNotExist() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.fileHeader.replaceSubrange(8..<10, with: le(UInt16(0)))
        let error = try error(reading: raw.bytes())
        #expect(
            error
                == .invalidValue(
                    path: path,
                    section: .fileHeader,
                    offset: 8,
                    problem: "the format version is 0, which does not exist"
                )
        )
    }

    @Test("a newer minor version reads")
    func aNewerMinorVersionReads() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.fileHeader.replaceSubrange(10..<12, with: le(UInt16(7)))
        let (reader, read) = try reading(raw.bytes())
        #expect(reader.minorVersion == 7)
        #expect(reader.file == file)
        #expect(read == records)
    }

    @Test("unknown flags are rejected")
    func unknownFlagsAreRejected() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.fileHeader.replaceSubrange(12..<16, with: le(UInt32(0x10)))
        #expect(
            try error(reading: raw.bytes())
                == .invalidValue(path: path, section: .fileHeader, offset: 12, problem: "unknown flags 0x10 are set")
        )
    }

    @Test("other files are not traces")
    func otherFilesAreNotTraces() throws {
        defer { directory.remove() }
        for bytes in [Array("hello, world\n".utf8), Array("RXTRACE".utf8) + [0, 1, 0], [0x89, 0x52, 0x58, 0x00]] {
            #expect(try error(reading: bytes) == .notATrace(path: path))
        }
        #expect(
            try error(reading: [])
                == .truncated(path: path, section: .fileHeader, offset: 0, recordsReadable: 0)
        )
        #expect(
            TraceFileError.notATrace(path: "x.txt").description
                == "x.txt is not an rxtrace trace file: it does not start with the trace file signature")
    }

    @Test("unknown sections are skipped wherever, in a file of a newer minor version")
    func unknownSectionsAreSkippedWherever() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.fileHeader.replaceSubrange(10..<12, with: Self.newerMinorVersion)
        let unknown = { (kind: UInt32, size: Int) in
            RawTrace.Section(kind: kind, checksum: 0, payload: [UInt8](repeating: 0xAB, count: size), offset: 0)
        }
        raw.sections.insert(unknown(100, 33), at: raw.index(of: .end))
        raw.sections.insert(unknown(0, 0), at: raw.index(of: .end))
        raw.sections.insert(unknown(0xFFFF_FFFF, 5), at: raw.index(of: .records))
        raw.sections.insert(unknown(12, 1_000), at: raw.index(of: .threads))
        raw.sections.insert(unknown(99, 7), at: raw.index(of: .header))
        let (reader, read) = try reading(raw.bytes())
        #expect(reader.file == file)
        #expect(read == records)
        // Unknown sections are skipped by length, without reading their checksum.
        let skipped = raw.bytes(fixingChecksums: true)
        var rawAgain = RawTrace(skipped)
        rawAgain.sections[rawAgain.index(of: .threads) - 1].checksum ^= 1
        rawAgain.fileHeader.replaceSubrange(10..<12, with: Self.newerMinorVersion)
        let (_, readAgain) = try reading(rawAgain.bytes(fixingChecksums: false))
        #expect(readAgain == records)
    }

    /// Section kinds that no version 1.0 to 1.2 file holds.
    private static let kindsNoKnownVersionHolds: [UInt32] = [12, 14, 99, 0]

    @Test("in a file of a minor version the reader knows, a section of an unknown kind is damage", arguments: kindsNoKnownVersionHolds)
    func unknownSectionsAreDamageInAKnownVersion(kind: UInt32) throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        let odd = RawTrace.Section(kind: kind, checksum: 0, payload: [1, 2, 3], offset: 0)
        raw.sections.insert(odd, at: raw.index(of: .records))
        let found: TraceFileError? = try error(reading: raw.bytes())
        let expectedSection: TraceFileSection = .unknown(kind: kind)
        let expectedStart: String = "a version 1.\(TraceFormat.minorVersion) file has no section of kind \(kind)"
        guard case .invalidValue(_, let section, _, let problem)? = found else {
            Issue.record("expected an invalid section, got \(String(describing: found))")
            return
        }
        #expect(section == expectedSection)
        #expect(problem.hasPrefix(expectedStart))
    }

    @Test("later fields appended to the header section are ignored")
    func laterFieldsAppendedToTheHeaderSectionAreIgnored() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.setPayload(.header, raw.section(.header).payload + [1, 2, 3, 4, 5])
        let (reader, read) = try reading(raw.bytes())
        #expect(reader.file == file)
        #expect(read == records)
    }

    @Test("bytes after the end section are rejected")
    func bytesAfterTheEndSectionAreRejected() throws {
        defer { directory.remove() }
        let error = try error(reading: original + [0])
        #expect(
            error
                == .invalidValue(
                    path: path,
                    section: .end,
                    offset: UInt64(original.count),
                    problem: "1 byte follows the end section"
                )
        )
    }

    @Test("sections out of order are rejected")
    func sectionsOutOfOrderAreRejected() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.sections.swapAt(raw.index(of: .marks), raw.index(of: .threads))
        let error = try error(reading: raw.bytes())
        #expect(
            error
                == .invalidValue(
                    path: path,
                    section: .threads,
                    offset: UInt64(RawTrace(original).section(.threads).offset),
                    problem: "found the marks section where the threads section should start"
                )
        )
    }

    @Test("a missing end section is a truncation")
    func aMissingEndSectionIsATruncation() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        raw.sections.removeLast()
        let error = try error(reading: raw.bytes())
        #expect(
            error
                == .truncated(
                    path: path,
                    section: .end,
                    offset: UInt64(RawTrace(original).section(.end).offset),
                    recordsReadable: 5_000
                )
        )
    }

    @Test("the end section must give the file size")
    func theEndSectionMustGiveTheFileSize() throws {
        defer { directory.remove() }
        var raw = RawTrace(original)
        // An unknown section is skipped only in a file of a newer minor version.
        raw.fileHeader.replaceSubrange(10..<12, with: Self.newerMinorVersion)
        raw.sections.insert(
            RawTrace.Section(kind: 200, checksum: 0, payload: [], offset: 0),
            at: raw.index(of: .end)
        )
        var bytes = raw.bytes()
        // Put back the original end payload (now 16 bytes short) with a matching checksum.
        let endOffset = bytes.count - 24
        let stale = le(UInt64(original.count))
        bytes.replaceSubrange((endOffset + 16)..<(endOffset + 24), with: stale)
        bytes.replaceSubrange((endOffset + 4)..<(endOffset + 8), with: le(CRC32.checksum(stale)))
        #expect(
            try error(reading: bytes)
                == .invalidValue(
                    path: path,
                    section: .end,
                    offset: UInt64(endOffset + 16),
                    problem: "the end section gives a file size of \(original.count) bytes, but it ends at byte \(bytes.count)"
                )
        )
    }
}
