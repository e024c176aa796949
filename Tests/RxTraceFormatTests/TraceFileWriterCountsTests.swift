import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// `correctRecordCounts`: a writer fed from memory that lost records while it wrote (a ring
/// buffer chunk recycled during a dump) fixes the header it already wrote.
@Suite struct TraceFileWriterCountsTests {
    @Test func correctedCountsAreReadBackAndTheFileStaysValid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("corrected.rxtrace")
        var file = TraceFixtures.file()
        file.header.recordsWritten = 5_000
        file.header.recordsLost = 0
        let writer = try TraceFileWriter(path: path, file: file)
        try writer.append(contentsOf: TraceFixtures.records(3_000))
        writer.correctRecordCounts(written: 5_000, lost: 2_000)
        try writer.finish()
        let reader = try TraceFileReader(path: path)
        #expect(reader.file.header.recordsWritten == 5_000)
        #expect(reader.file.header.recordsLost == 2_000)
        #expect(try reader.readAllRecords() == TraceFixtures.records(3_000))
        // Everything else in the metadata is as written.
        var expected = file
        expected.header.recordsLost = 2_000
        #expect(reader.file == expected)
    }

    @Test func withoutACorrectionTheCountsAreThoseGiven() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("plain.rxtrace")
        var file = TraceFixtures.file()
        file.header.recordsWritten = 42
        file.header.recordsLost = 7
        try TraceFileWriter.write(file, records: TraceFixtures.records(35), to: path)
        let reader = try TraceFileReader(path: path)
        #expect(reader.file.header.recordsWritten == 42)
        #expect(reader.file.header.recordsLost == 7)
    }
}
