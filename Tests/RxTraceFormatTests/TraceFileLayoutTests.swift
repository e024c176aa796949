import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// The writer's bytes are exactly what `docs/trace-format.md` specifies: the example file of
/// the specification, assembled here by hand field by field from its tables, and the bytes the
/// document prints for it, both equal the writer's output, so spec and code cannot drift apart.
@Suite("the bytes docs/trace-format.md specifies")
struct TraceFileLayoutTests {
    /// The example trace of the specification.
    static let example = TraceFile(
        header: TraceHeader(
            processID: 7,
            processName: "demo",
            startWallClock: 1_700_000_000_000_000_000,
            clock: .monotonic,
            capacity: 1024,
            recordsWritten: 2,
            recordsLost: 0,
            valueLimit: 64,
            dumpReason: .exit,
            dumpTimestamp: 5_000,
            siteCapture: .off
        ),
        strings: ["", "p", "f.swift", "m", "T"],
        probes: [TraceProbe(identifier: 1, file: 2, line: 3, function: 0)],
        threads: [TraceThread(systemID: 1234, name: 0)],
        marks: [TraceMark(timestamp: 150, label: 3, thread: 0, resourcesTotal: 1, types: [TraceTypeCount(name: 4, count: 1)])],
        openSubscriptions: [TraceOpenSubscription(subscription: 1, probe: 0, thread: 0, subscribedAt: 100)],
        sites: []
    )

    static let exampleRecords = [
        TraceRecord(timestamp: 100, subscription: 1, probe: 0, thread: 0, kind: .subscribed),
        TraceRecord(timestamp: 200, subscription: 1, probe: 0, thread: 0, kind: .next, valueKind: .int, value: 42),
    ]

    /// The example file assembled from the specification.
    private func specifiedBytes() -> [UInt8] {
        func section(_ kind: UInt32, _ payload: [UInt8], checksumOver covered: [UInt8]? = nil) -> [UInt8] {
            le(kind) + le(CRC32.checksum(covered ?? payload)) + le(UInt64(payload.count)) + payload
        }
        let u8 = { (value: UInt8) in [value] }
        // File header: signature, major 1, minor 0, flags 0, CRC-32 of the 16 bytes before.
        var bytes: [UInt8] = [0x89, 0x52, 0x58, 0x54, 0x52, 0x41, 0x43, 0x45] + le(UInt16(1)) + le(UInt16(0)) + le(UInt32(0))
        bytes += le(CRC32.checksum(bytes))
        // 1: header.
        bytes += section(
            1,
            le(Int64(1_700_000_000_000_000_000)) + le(UInt64(1024)) + le(UInt64(2)) + le(UInt64(0)) + le(UInt64(5_000))
                + le(Int32(7)) + le(UInt32(64)) + le(UInt32(0)) + u8(1) + u8(1) + u8(0) + u8(0)
                + le(UInt32(4)) + Array("demo".utf8)
        )
        // 2: strings.
        bytes += section(
            2,
            le(UInt32(5)) + le(UInt32(0)) + le(UInt32(1)) + Array("p".utf8) + le(UInt32(7)) + Array("f.swift".utf8)
                + le(UInt32(1)) + Array("m".utf8) + le(UInt32(1)) + Array("T".utf8)
        )
        // 3: probes.
        bytes += section(3, le(UInt32(1)) + le(UInt32(1)) + le(UInt32(2)) + le(UInt32(3)) + le(UInt32(0)))
        // 4: threads.
        bytes += section(4, le(UInt32(1)) + le(UInt64(1234)) + le(UInt32(0)))
        // 5: marks.
        bytes += section(
            5,
            le(UInt32(1)) + le(UInt64(150)) + le(Int64(1)) + le(UInt32(3)) + le(UInt16(0)) + le(UInt32(1))
                + le(UInt32(4)) + le(Int64(1))
        )
        // 6: open subscriptions.
        bytes += section(6, le(UInt32(1)) + le(UInt64(1)) + le(UInt64(100)) + le(UInt32(0)) + le(UInt16(0)))
        // 7: sites.
        bytes += section(7, le(UInt32(0)))
        // 8: records: count, records per block, then one block of two records.
        let prefix = le(UInt64(2)) + le(UInt32(4096))
        let recordBytes =
            le(UInt64(100)) + le(UInt64(1)) + le(UInt32(0)) + le(UInt16(0)) + u8(1) + u8(0) + le(UInt64(0))
            + le(UInt64(200)) + le(UInt64(1)) + le(UInt32(0)) + le(UInt16(0)) + u8(2) + u8(1) + le(UInt64(42))
        bytes += section(8, prefix + le(UInt32(2)) + le(CRC32.checksum(recordBytes)) + recordBytes, checksumOver: prefix)
        // 9: end, with the file's total size.
        bytes += section(9, le(UInt64(bytes.count + 24)))
        return bytes
    }

    /// The bytes `docs/trace-format.md` prints in its example section: the `bytes` column of
    /// its table, whose every row must start at the offset where the previous one ended.
    private func printedExampleBytes() throws -> [UInt8] {
        let text = try RepositoryFiles.text("docs/trace-format.md")
        let start = try #require(text.range(of: "\n## Example\n"), "the specification has an example section")
        var bytes: [UInt8] = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            // | offset | `bytes` | meaning |: rows without an offset are headings.
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, let offset = Int(cells[1]) else { continue }
            #expect(offset == bytes.count, "the row \(line) starts after \(bytes.count) bytes")
            let hex = cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            for pair in hex.split(separator: " ") {
                bytes.append(try #require(UInt8(pair, radix: 16), "\(pair) in the row \(line) is a hexadecimal byte"))
            }
        }
        #expect(text.contains("It is \(bytes.count) bytes"), "the prose gives the example's size")
        return bytes
    }

    @Test("the bytes the specification prints for its example are the bytes the writer writes")
    func thePrintedExampleIsWhatTheWriterWrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("example.rxtrace")
        try TraceFileWriter.write(Self.example, records: Self.exampleRecords, to: path)
        let written = try readBytes(path)
        let printed = try printedExampleBytes()
        #expect(printed.count == written.count, "the document prints \(printed.count) bytes, the writer writes \(written.count)")
        if let first = zip(printed, written).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            let (documented, actual) = first.element
            Issue.record(
                "byte \(first.offset): the document prints \(String(documented, radix: 16)), the writer writes \(String(actual, radix: 16))"
            )
        }
    }

    @Test("the example's table has no gap: each row starts where the previous one ended, and the prose gives the total")
    func thePrintedExampleIsContiguous() throws {
        // `printedExampleBytes()` records an issue for every row out of place.
        let printed = try printedExampleBytes()
        #expect(printed.count > 20, "more than a file header")
        #expect(Array(printed.prefix(8)) == [0x89, 0x52, 0x58, 0x54, 0x52, 0x41, 0x43, 0x45])
    }

    @Test("the writer writes the bytes the specification's tables describe")
    func theWriterWritesTheSpecifiedBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("example.rxtrace")
        try TraceFileWriter.write(Self.example, records: Self.exampleRecords, to: path)
        let written = try readBytes(path)
        let specified = specifiedBytes()
        #expect(written.count == specified.count)
        if let first = zip(written, specified).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("first difference at byte \(first.offset)")
        }
        #expect(written == specified)
        let reader = try TraceFileReader(path: path)
        #expect(reader.file == Self.example)
        #expect(try reader.readAllRecords() == Self.exampleRecords)
    }

    @Test("a record's third word is the runtime's packed probe, thread and kinds")
    func theRecordLayoutMatchesTheRuntimesFourWords() {
        // Byte 16..<24 of a record, read as one little-endian word, is probe | thread << 32 |
        // kind << 48 | value kind << 56: the runtime's packed third word.
        let record = TraceRecord(
            timestamp: 1,
            subscription: 2,
            probe: 0x0102_0304,
            thread: 0x0506,
            kind: .disposed,
            valueKind: .disposalReason,
            value: 3
        )
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeMutableBytes { TraceRecordCodec.encode(record, to: $0.baseAddress!) }
        #expect(bytes.loadLittleEndian(UInt64.self, at: 16) == 0x0605_0506_0102_0304)
        #expect(bytes.withUnsafeBytes { TraceRecordCodec.decode(from: $0.baseAddress!) } == record)
    }
}
