import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// The probe totals section of format version 1.1: exact event counts per probe, placed after
/// the sites section, skipped by 1.0 readers as a section of an unknown kind.
@Suite struct TraceProbeTotalsTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func totals(for file: TraceFile) -> [TraceProbeTotals] {
        file.probes.indices.map { index in
            TraceProbeTotals(subscribed: UInt64(index) + 1, next: .max, error: 3, completed: 4, disposed: 5)
        }
    }

    private func write(_ file: TraceFile, _ records: [TraceRecord], _ name: String) throws -> [UInt8] {
        let path = directory.file(name)
        try TraceFileWriter.write(file, records: records, to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("totals come back with minor version 1")
    func totalsComeBackWithMinorVersion1() throws {
        defer { directory.remove() }
        var file = TraceFixtures.file()
        file.probeTotals = totals(for: file)
        let records = TraceFixtures.records(5000)
        _ = try write(file, records, "totals.rxtrace")
        let reader = try TraceFileReader(path: directory.file("totals.rxtrace"))
        #expect(reader.minorVersion == 1)
        #expect(reader.file == file)
        #expect(try reader.readAllRecords() == records)
    }

    @Test("a file without totals is version 1.0 and reads nil")
    func aFileWithoutTotalsIsVersion1Point0AndReadsNil() throws {
        defer { directory.remove() }
        _ = try write(TraceFixtures.file(), [], "plain.rxtrace")
        let reader = try TraceFileReader(path: directory.file("plain.rxtrace"))
        #expect(reader.minorVersion == 0)
        #expect(reader.file.probeTotals == nil)
    }

    @Test("the section is kind 10 right after the sites: a count, then five u64 per probe")
    func layout() throws {
        defer { directory.remove() }
        let plainFile = TraceFixtures.file()
        var file = plainFile
        file.probeTotals = totals(for: file)
        let plain = try write(plainFile, [], "plain.rxtrace")
        let withTotals = try write(file, [], "totals.rxtrace")
        let probes = file.probes.count
        let sectionSize = 16 + 4 + 40 * probes
        #expect(withTotals.count == plain.count + sectionSize)
        // The records section starts where it started in the plain file; the totals precede it.
        let recordsStart = plain.count - (16 + 12) - (16 + 8)
        let section = Array(withTotals[recordsStart..<recordsStart + sectionSize])
        #expect(section[0..<4] == [10, 0, 0, 0])
        let payload = Array(section[16...])
        #expect(section.loadLittleEndian(UInt32.self, at: 4) == CRC32.checksum(payload))
        #expect(section.loadLittleEndian(UInt64.self, at: 8) == UInt64(4 + 40 * probes))
        #expect(payload.loadLittleEndian(UInt32.self, at: 0) == UInt32(probes))
        let expected: [UInt64] = [1, .max, 3, 4, 5]
        for (index, value) in expected.enumerated() {
            #expect(payload.loadLittleEndian(UInt64.self, at: 4 + 8 * index) == value)
        }
        // Everything before the records section but the minor version and the file header's
        // CRC is the same bytes.
        #expect(withTotals[10] == 1 && plain[10] == 0)
        #expect(withTotals[20..<recordsStart] == plain[20..<recordsStart])
    }

    @Test("a version 1.1 file whose totals section lost its kind is rejected, not read without it")
    func aDamagedKindIsDetected() throws {
        defer { directory.remove() }
        var file = TraceFixtures.file()
        file.probeTotals = totals(for: file)
        var bytes = try write(file, [], "totals.rxtrace")
        let plain = try write(TraceFixtures.file(), [], "plain.rxtrace")
        let start = plain.count - (16 + 12) - (16 + 8)
        #expect(bytes[start] == 10)
        bytes[start] = 99  // an unknown kind, which a reader would skip without its checksum
        let path = directory.file("damaged.rxtrace")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try TraceFileReader(path: path)
        } throws: { error in
            guard case .invalidValue(_, .unknown(kind: 99), _, let problem) = error as? TraceFileError else { return false }
            return problem.contains("has no section of kind 99")
        }
    }

    @Test("the writer refuses, and the reader rejects, totals for another number of probes")
    func countMustMatchTheProbes() throws {
        defer { directory.remove() }
        var file = TraceFixtures.file()
        file.probeTotals = [TraceProbeTotals()]
        #expect(throws: TraceFileError.self) { try write(file, [], "wrong.rxtrace") }

        file.probeTotals = totals(for: file)
        var bytes = try write(file, [], "patched.rxtrace")
        let plain = try write(TraceFixtures.file(), [], "plain.rxtrace")
        let start = plain.count - (16 + 12) - (16 + 8)
        // One probe fewer, with the section's CRC recomputed so that only the count is wrong.
        let count = UInt32(file.probes.count - 1)
        withUnsafeBytes(of: count.littleEndian) { bytes.replaceSubrange(start + 16..<start + 20, with: $0) }
        let crc = CRC32.checksum(Array(bytes[start + 16..<start + 16 + 4 + 40 * file.probes.count]))
        withUnsafeBytes(of: crc.littleEndian) { bytes.replaceSubrange(start + 4..<start + 8, with: $0) }
        let path = directory.file("patched.rxtrace")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try TraceFileReader(path: path)
        } throws: { error in
            guard case .invalidValue(_, .probeTotals, _, let problem) = error as? TraceFileError else { return false }
            return problem.contains("probes")
        }
    }
}
