import TestSupport
import Testing

@testable import RxTraceFormat

/// Every prefix of a trace file is either rejected as truncated in the right part at the
/// right byte, or, when the cut is past the metadata, gives the metadata, then the records
/// of the whole blocks before the cut, then a truncation error.
@Suite struct TraceFileTruncationTests {
    private struct Layout {
        let raw: RawTrace
        let size: Int
        let recordsPerBlock = 4096

        /// The part of the file byte `cut` falls in, as the reader names it.
        func part(at cut: Int) -> TraceFileSection {
            if cut < 20 { return .fileHeader }
            for section in raw.sections where cut < section.offset + 16 + section.payload.count {
                return TraceSectionKind(rawValue: section.kind)!.section
            }
            return .end
        }

        /// The records in whole blocks that end at or before `cut`.
        func readableRecords(before cut: Int, total: Int) -> Int {
            let records = raw.section(.records)
            var blockStart = records.offset + 16 + 12
            var readable = 0
            while readable < total {
                let count = min(recordsPerBlock, total - readable)
                let blockEnd = blockStart + 8 + count * 32
                guard blockEnd <= cut else { break }
                readable += count
                blockStart = blockEnd
            }
            return readable
        }
    }

    private func check(
        cut: Int,
        of bytes: [UInt8],
        layout: Layout,
        file: TraceFile,
        records: [TraceRecord],
        path: String
    ) throws {
        try writeBytes(Array(bytes[0..<cut]), to: path)
        let part = layout.part(at: cut)
        let reader: TraceFileReader
        do {
            reader = try TraceFileReader(path: path)
        } catch let error as TraceFileError {
            #expect(
                error == .truncated(path: path, section: part, offset: UInt64(cut), recordsReadable: 0),
                "cut at \(cut): \(error)"
            )
            #expect(part != .records && part != .end, "cut at \(cut): the metadata was whole")
            return
        }
        #expect(reader.file == file, "cut at \(cut)")
        let iterator = reader.records()
        var read: [TraceRecord] = []
        do {
            while let record = try iterator.next() { read.append(record) }
            Issue.record("cut at \(cut): read \(read.count) records without an error")
        } catch let error as TraceFileError {
            let readable = part == .end ? records.count : layout.readableRecords(before: cut, total: records.count)
            #expect(
                error == .truncated(path: path, section: part, offset: UInt64(cut), recordsReadable: UInt64(readable)),
                "cut at \(cut): \(error)"
            )
            #expect(read == Array(records.prefix(readable)), "cut at \(cut)")
            #expect(iterator.recordsRead == UInt64(readable))
            // The error sticks.
            #expect(throws: error) { try iterator.next() }
        }
    }

    @Test("every cut of a small file")
    func everyCutOfASmallFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = directory.file("whole.rxtrace")
        let file = TraceFixtures.file()
        let records = TraceFixtures.records(40)
        try TraceFileWriter.write(file, records: records, to: whole)
        let bytes = try readBytes(whole)
        let layout = Layout(raw: RawTrace(bytes), size: bytes.count)
        let cutPath = directory.file("cut.rxtrace")
        for cut in 0..<bytes.count {
            try check(cut: cut, of: bytes, layout: layout, file: file, records: records, path: cutPath)
        }
    }

    @Test("every cut of a file with empty tables and no records")
    func everyCutOfAFileWithEmptyTablesAndNoRecords() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = directory.file("whole.rxtrace")
        let file = TraceFixtures.emptyFile()
        try TraceFileWriter.write(file, records: [], to: whole)
        let bytes = try readBytes(whole)
        let layout = Layout(raw: RawTrace(bytes), size: bytes.count)
        for cut in 0..<bytes.count {
            try check(cut: cut, of: bytes, layout: layout, file: file, records: [], path: directory.file("cut.rxtrace"))
        }
    }

    @Test("cuts around every block boundary of a large file")
    func cutsAroundEveryBlockBoundaryOfALargeFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = directory.file("whole.rxtrace")
        let file = TraceFixtures.file()
        let records = TraceFixtures.records(10_000)
        try TraceFileWriter.write(file, records: records, to: whole)
        let bytes = try readBytes(whole)
        let raw = RawTrace(bytes)
        let layout = Layout(raw: raw, size: bytes.count)
        let firstBlock = raw.section(.records).offset + 16 + 12
        let boundaries = [
            raw.section(.records).offset, firstBlock, firstBlock + 8 + 4096 * 32, firstBlock + 2 * (8 + 4096 * 32),
            raw.section(.end).offset, bytes.count,
        ]
        var cuts = Set<Int>()
        for boundary in boundaries {
            for delta in -40...40 where boundary + delta >= 0 && boundary + delta < bytes.count {
                cuts.insert(boundary + delta)
            }
        }
        var random = SplitMix64(seed: 3)
        for _ in 0..<150 {
            cuts.insert(Int.random(in: 0..<bytes.count, using: &random))
        }
        for cut in cuts.sorted() {
            try check(cut: cut, of: bytes, layout: layout, file: file, records: records, path: directory.file("cut.rxtrace"))
        }
    }

    @Test("the message says where and how much could be read")
    func theMessageSaysWhereAndHowMuchCouldBeRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("run.rxtrace")
        try TraceFileWriter.write(TraceFixtures.file(), records: TraceFixtures.records(5_000), to: path)
        let bytes = try readBytes(path)
        let cut = RawTrace(bytes).section(.end).offset - 100
        try writeBytes(Array(bytes[0..<cut]), to: path)
        let reader = try TraceFileReader(path: path)
        #expect(reader.recordCount == 5_000)
        let error = #expect(throws: TraceFileError.self) { try reader.readAllRecords() }
        #expect(
            error?.description
                == "\(path) is truncated: it ends at byte \(cut) inside the records section; "
                + "4096 records could be read before the cut"
        )
    }
}
