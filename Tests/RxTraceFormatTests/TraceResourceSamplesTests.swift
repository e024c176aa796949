import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// The resource samples section of format version 1.2: live counts over time, after the probe
/// totals and before the records, skipped by older readers as a section of an unknown kind.
@Suite struct TraceResourceSamplesTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private static func totals(for file: TraceFile) -> [TraceProbeTotals] {
        file.probes.map { _ in TraceProbeTotals(subscribed: 1) }
    }

    /// The fixture with probe totals and three samples whose types refer to its strings.
    private static func sampled() -> TraceFile {
        var file = TraceFixtures.file()
        file.probeTotals = totals(for: file)
        file.resourceSamples = TraceResourceSamples(
            period: 1_000_000_000,
            taken: 5,
            samples: [
                TraceResourceSample(timestamp: 1_000, resourcesTotal: 3, types: [TraceTypeCount(name: 10, count: 3)]),
                TraceResourceSample(timestamp: 2_000, resourcesTotal: -1, types: []),
                TraceResourceSample(
                    timestamp: 2_000, resourcesTotal: .max,
                    types: [TraceTypeCount(name: 10, count: .min), TraceTypeCount(name: 11, count: .max)]),
            ]
        )
        return file
    }

    private func write(_ file: TraceFile, _ name: String) throws -> [UInt8] {
        let path = directory.file(name)
        try TraceFileWriter.write(file, records: TraceFixtures.records(10), to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func read(_ bytes: [UInt8], _ name: String) throws -> TraceFileReader {
        let path = directory.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try TraceFileReader(path: path)
    }

    /// Where the samples section starts in a file written from `file` (it has totals): right
    /// where the records section starts in the same file without samples.
    private func samplesStart(of file: TraceFile) throws -> Int {
        var plain = file
        plain.resourceSamples = nil
        let bytes = try write(plain, "plain.rxtrace")
        return bytes.count - (16 + 12 + 8 + 32 * 10) - (16 + 8)
    }

    @Test("samples come back with minor version 2, the records after them")
    func samplesComeBackWithMinorVersion2() throws {
        defer { directory.remove() }
        let file = Self.sampled()
        _ = try write(file, "samples.rxtrace")
        let reader = try TraceFileReader(path: directory.file("samples.rxtrace"))
        #expect(reader.minorVersion == 2)
        #expect(reader.file == file)
        #expect(try reader.readAllRecords() == TraceFixtures.records(10))
    }

    @Test("sampling off is an empty section with a period of 0; a file without one stays version 1.1")
    func offAndAbsent() throws {
        defer { directory.remove() }
        var file = TraceFixtures.file()
        file.probeTotals = Self.totals(for: file)
        _ = try write(file, "absent.rxtrace")
        let absent = try TraceFileReader(path: directory.file("absent.rxtrace"))
        #expect(absent.minorVersion == 1)
        #expect(absent.file.resourceSamples == nil)

        file.resourceSamples = TraceResourceSamples(period: 0, taken: 0, samples: [])
        _ = try write(file, "off.rxtrace")
        let off = try TraceFileReader(path: directory.file("off.rxtrace"))
        #expect(off.minorVersion == 2)
        #expect(off.file.resourceSamples == TraceResourceSamples(period: 0, taken: 0, samples: []))
    }

    @Test("the section is kind 11 before the records: period, taken, count, then each sample")
    func layout() throws {
        defer { directory.remove() }
        let file = Self.sampled()
        let start = try samplesStart(of: file)
        let bytes = try write(file, "samples.rxtrace")
        let payloadSize = 8 + 8 + 4 + (20 + 12) + 20 + (20 + 24)
        let section = Array(bytes[start..<start + 16 + payloadSize])
        #expect(section[0..<4] == [11, 0, 0, 0])
        let payload = Array(section[16...])
        #expect(section.loadLittleEndian(UInt32.self, at: 4) == CRC32.checksum(payload))
        #expect(section.loadLittleEndian(UInt64.self, at: 8) == UInt64(payloadSize))
        #expect(payload.loadLittleEndian(UInt64.self, at: 0) == 1_000_000_000)
        #expect(payload.loadLittleEndian(UInt64.self, at: 8) == 5)
        #expect(payload.loadLittleEndian(UInt32.self, at: 16) == 3)
        // The first sample: timestamp, total, one type count (string 10, count 3).
        #expect(payload.loadLittleEndian(UInt64.self, at: 20) == 1_000)
        #expect(payload.loadLittleEndian(Int64.self, at: 28) == 3)
        #expect(payload.loadLittleEndian(UInt32.self, at: 36) == 1)
        #expect(payload.loadLittleEndian(UInt32.self, at: 40) == 10)
        #expect(payload.loadLittleEndian(Int64.self, at: 44) == 3)
    }

    @Test("in a file of a newer minor version, an unknown kind is skipped, and the samples it hid are still required")
    func newerMinorVersionSkipsButStillRequiresTheSamples() throws {
        defer { directory.remove() }
        let file = Self.sampled()
        let start = try samplesStart(of: file)
        var bytes = try write(file, "samples.rxtrace")
        bytes[start] = 99
        let newer: UInt16 = TraceFormat.minorVersion + 1
        bytes[10] = UInt8(newer)
        let crc = CRC32.checksum(Array(bytes[0..<16]))
        withUnsafeBytes(of: crc.littleEndian) { bytes.replaceSubrange(16..<20, with: $0) }
        #expect {
            _ = try read(bytes, "newer.rxtrace")
        } throws: { error in
            guard case .invalidValue(_, .resourceSamples, _, let problem) = error as? TraceFileError else { return false }
            return problem.contains("must have a resource samples section")
        }
    }

    @Test("a version 1.2 file whose samples section lost its kind is rejected, not read without it")
    func aDamagedKindIsDetected() throws {
        defer { directory.remove() }
        let file = Self.sampled()
        let start = try samplesStart(of: file)
        var bytes = try write(file, "samples.rxtrace")
        bytes[start] = 99
        #expect {
            _ = try read(bytes, "damaged.rxtrace")
        } throws: { error in
            guard case .invalidValue(_, .unknown(kind: 99), _, let problem) = error as? TraceFileError else { return false }
            return problem.contains("has no section of kind 99")
        }
        // Damaged into another known kind, the section is missing where it must be.
        bytes[start] = 13
        #expect {
            _ = try read(bytes, "damaged-known.rxtrace")
        } throws: { error in
            guard case .invalidValue(_, .resourceSamples, _, let problem) = error as? TraceFileError else { return false }
            return problem.contains("must have a resource samples section")
        }
    }

    @Test("the writer refuses samples without probe totals, samples with a period of 0, and unknown type names")
    func writerRefusals() throws {
        defer { directory.remove() }
        var file = Self.sampled()
        file.probeTotals = nil
        #expect(throws: TraceFileError.self) { try write(file, "no-totals.rxtrace") }
        file = Self.sampled()
        file.resourceSamples?.period = 0
        #expect(throws: TraceFileError.self) { try write(file, "period.rxtrace") }
        file = Self.sampled()
        file.resourceSamples?.samples[0].types = [TraceTypeCount(name: UInt32(file.strings.count), count: 1)]
        #expect(throws: TraceFileError.self) { try write(file, "name.rxtrace") }
    }

    @Test("the reader rejects samples out of time order and a type name beyond the strings")
    func readerRejections() throws {
        defer { directory.remove() }
        let file = Self.sampled()
        let start = try samplesStart(of: file)
        let original = try write(file, "samples.rxtrace")
        let payloadStart = start + 16
        let payloadSize = Int(original.loadLittleEndian(UInt64.self, at: start + 8))

        /// `original` with the u64 or u32 at `offset` of the payload replaced, and the CRC fixed.
        func patched<Value: FixedWidthInteger>(_ value: Value, at offset: Int) -> [UInt8] {
            var bytes = original
            withUnsafeBytes(of: value.littleEndian) {
                bytes.replaceSubrange(payloadStart + offset..<payloadStart + offset + MemoryLayout<Value>.size, with: $0)
            }
            let crc = CRC32.checksum(Array(bytes[payloadStart..<payloadStart + payloadSize]))
            withUnsafeBytes(of: crc.littleEndian) { bytes.replaceSubrange(start + 4..<start + 8, with: $0) }
            return bytes
        }

        // The first sample later than the second (2000).
        #expect {
            _ = try read(patched(UInt64(5_000), at: 20), "order.rxtrace")
        } throws: { error in
            guard case .invalidValue(_, .resourceSamples, _, let problem) = error as? TraceFileError else { return false }
            return problem.contains("earlier than the one before it")
        }
        // The first sample's type name: a string index beyond the table.
        #expect {
            _ = try read(patched(UInt32(file.strings.count), at: 40), "name.rxtrace")
        } throws: { error in
            guard case .invalidValue(_, .resourceSamples, _, _) = error as? TraceFileError else { return false }
            return true
        }
        // A period of 0 with samples.
        #expect {
            _ = try read(patched(UInt64(0), at: 0), "off.rxtrace")
        } throws: { error in
            guard case .invalidValue(_, .resourceSamples, _, let problem) = error as? TraceFileError else { return false }
            return problem.contains("period of 0")
        }
    }
}
