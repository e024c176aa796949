import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

@Suite struct TraceFileRoundTripTests {
    private func roundTrip(_ file: TraceFile, _ records: [TraceRecord]) throws -> (TraceFileReader, [TraceRecord]) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trace.rxtrace")
        try TraceFileWriter.write(file, records: records, to: path)
        let reader = try TraceFileReader(path: path)
        return (reader, try reader.readAllRecords())
    }

    @Test("full trace comes back identical", arguments: [0, 1, 4095, 4096, 4097, 8192, 10_000])
    func fullTraceComesBackIdentical(recordCount: Int) throws {
        let file = TraceFixtures.file()
        let records = TraceFixtures.records(recordCount)
        let (reader, read) = try roundTrip(file, records)
        #expect(reader.file == file)
        #expect(reader.recordCount == UInt64(recordCount))
        #expect(reader.minorVersion == 0)
        #expect(read == records)
    }

    @Test("every field of the header survives")
    func everyFieldOfTheHeaderSurvives() throws {
        let (reader, _) = try roundTrip(TraceFixtures.file(), [])
        let header = reader.file.header
        #expect(header.processID == 48_213)
        #expect(header.processName == "FixtureApp")
        #expect(header.startWallClock == 1_763_800_000_123_456_789)
        #expect(header.clock == .cpuCounter)
        #expect(header.capacity == 1 << 20)
        #expect(header.recordsWritten == 1_500_000)
        #expect(header.recordsLost == 451_424)
        #expect(header.valueLimit == 120)
        #expect(header.dumpReason == .signal)
        #expect(header.dumpTimestamp == 98_765_432_100)
        #expect(header.siteCapture == .sampled(every: 64))
    }

    @Test("every clock", arguments: TraceClock.allCases)
    func everyClock(clock: TraceClock) throws {
        let file = TraceFixtures.file(header: TraceFixtures.header(clock: clock))
        #expect(try roundTrip(file, []).0.file == file)
    }

    @Test("every dump reason", arguments: TraceDumpReason.allCases)
    func everyDumpReason(reason: TraceDumpReason) throws {
        let file = TraceFixtures.file(header: TraceFixtures.header(dumpReason: reason))
        #expect(try roundTrip(file, []).0.file == file)
    }

    @Test("every site capture", arguments: [TraceSiteCapture.off, .all, .sampled(every: 1), .sampled(every: 0), .sampled(every: .max)])
    func everySiteCapture(capture: TraceSiteCapture) throws {
        let file = TraceFixtures.file(header: TraceFixtures.header(siteCapture: capture))
        #expect(try roundTrip(file, []).0.file.header.siteCapture == capture)
    }

    @Test("every event kind with every value kind and extreme values")
    func everyEventKindWithEveryValueKindAndExtremeValues() throws {
        var records: [TraceRecord] = []
        for kind in TraceEventKind.allCases {
            for valueKind in TraceValueKind.allCases {
                let values: [UInt64] =
                    switch valueKind {
                    case .none, .int, .uint, .double: [0, 1, UInt64.max, 1 << 63, Double.nan.bitPattern]
                    case .bool: [0, 1]
                    case .string: [0, UInt64(TraceFixtures.strings.count - 1)]
                    case .disposalReason: TraceDisposalReason.allCases.map(\.rawValue)
                    }
                for value in values {
                    records.append(
                        TraceRecord(
                            timestamp: UInt64.max - value,
                            subscription: value,
                            probe: 2,
                            thread: 2,
                            kind: kind,
                            valueKind: valueKind,
                            value: value
                        )
                    )
                }
            }
        }
        let (_, read) = try roundTrip(TraceFixtures.file(), records)
        #expect(read == records)
    }

    @Test("unicode strings come back byte for byte")
    func unicodeStringsComeBackByteForByte() throws {
        let (reader, _) = try roundTrip(TraceFixtures.file(header: TraceFixtures.header(processName: "Prozeß 🚀")), [])
        #expect(reader.file.header.processName == "Prozeß 🚀")
        #expect(reader.file.strings.map { Array($0.utf8) } == TraceFixtures.strings.map { Array($0.utf8) })
    }

    @Test("empty tables and no records")
    func emptyTablesAndNoRecords() throws {
        let file = TraceFixtures.emptyFile()
        let (reader, read) = try roundTrip(file, [])
        #expect(reader.file == file)
        #expect(reader.recordCount == 0)
        #expect(read.isEmpty)
    }

    @Test("the streaming forms write the same bytes")
    func theStreamingFormsWriteTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = TraceFixtures.file()
        let records = TraceFixtures.records(9_000)
        let whole = directory.file("whole.rxtrace")
        try TraceFileWriter.write(file, records: records, to: whole)

        let lazy = directory.file("lazy.rxtrace")
        try TraceFileWriter.write(file, records: records.lazy.map { $0 }, to: lazy)

        let chunked = directory.file("chunked.rxtrace")
        let pieces = [0..<1, 1..<1000, 1000..<1000, 1000..<5000, 5000..<9000].map { Array(records[$0]) }
        try withBuffers(pieces) { buffers in
            try TraceFileWriter.write(file, recordChunks: buffers, to: chunked)
        }

        let produced = directory.file("produced.rxtrace")
        try TraceFileWriter.write(file, to: produced) { writer in
            for record in records.prefix(10) { try writer.append(record) }
            try writer.append(contentsOf: records.dropFirst(10))
        }

        let encoded = directory.file("encoded.rxtrace")
        var bytes = [UInt8](repeating: 0, count: records.count * 32)
        bytes.withUnsafeMutableBytes { raw in
            for (index, record) in records.enumerated() {
                TraceRecordCodec.encode(record, to: raw.baseAddress! + index * 32)
            }
        }
        try TraceFileWriter.write(file, to: encoded) { writer in
            // Unaligned pieces of encoded memory.
            try bytes.withUnsafeBytes { raw in
                try writer.append(encodedRecords: UnsafeRawBufferPointer(rebasing: raw[0..<32]))
                try writer.append(encodedRecords: UnsafeRawBufferPointer(rebasing: raw[32..<(5_000 * 32)]))
                try writer.append(encodedRecords: UnsafeRawBufferPointer(rebasing: raw[(5_000 * 32)...]))
            }
        }

        let expected = try readBytes(whole)
        #expect(try readBytes(encoded) == expected)
        #expect(try readBytes(lazy) == expected)
        #expect(try readBytes(chunked) == expected)
        #expect(try readBytes(produced) == expected)
    }

    /// Calls `body` with buffers over each array, all valid at once.
    private func withBuffers(
        _ arrays: [[TraceRecord]],
        _ body: ([UnsafeBufferPointer<TraceRecord>]) throws -> Void
    ) throws {
        let copies = arrays.map { array in
            let pointer = UnsafeMutableBufferPointer<TraceRecord>.allocate(capacity: array.count)
            _ = pointer.initialize(from: array)
            return pointer
        }
        defer { copies.forEach { $0.deallocate() } }
        try body(copies.map { UnsafeBufferPointer($0) })
    }

    @Test("records can be streamed again and counted")
    func recordsCanBeStreamedAgainAndCounted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trace.rxtrace")
        let records = TraceFixtures.records(5_000)
        try TraceFileWriter.write(TraceFixtures.file(), records: records, to: path)
        let reader = try TraceFileReader(path: path)
        let first = reader.records()
        #expect(try first.next() == records[0])
        #expect(try first.next() == records[1])
        let second = reader.records()
        var streamed: [TraceRecord] = []
        while let record = try second.next() { streamed.append(record) }
        #expect(streamed == records)
        #expect(second.recordsRead == 5_000)
        #expect(try second.next() == nil)
        #expect(try first.next() == records[2])
        var count = 0
        try reader.forEachRecord { record in
            #expect(record == records[count])
            count += 1
        }
        #expect(count == 5_000)
    }

    @Test("an existing trace is replaced")
    func anExistingTraceIsReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trace.rxtrace")
        try TraceFileWriter.write(TraceFixtures.file(), records: TraceFixtures.records(10), to: path)
        try TraceFileWriter.write(TraceFixtures.emptyFile(), records: [], to: path)
        #expect(try TraceFileReader(path: path).file == TraceFixtures.emptyFile())
        #expect(try directory.contents() == ["trace.rxtrace"])
    }

    @Test("an existing file that is not a trace is replaced only when any file may be")
    func anExistingFileThatIsNotATraceIsReplacedOnlyWhenAnyFileMayBe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trace.rxtrace")
        try writeBytes(Array("old contents".utf8), to: path)
        #expect(throws: TraceFileError.self) { try TraceFileWriter.write(TraceFixtures.emptyFile(), records: [], to: path) }
        #expect(try readBytes(path) == Array("old contents".utf8))
        try TraceFileWriter.write(TraceFixtures.emptyFile(), records: [], to: path, replacing: .anyFile)
        #expect(try TraceFileReader(path: path).file == TraceFixtures.emptyFile())
        #expect(try directory.contents() == ["trace.rxtrace"])
    }
}
