import TestSupport
import Testing

@testable import RxTraceFormat

/// Random damage to thousands of files, with a fixed seed: every damaged file is rejected
/// with a ``TraceFileError`` (every byte of a trace file is covered by a checksum or a
/// structural check, so none reads back as if nothing happened), and nothing crashes.
@Suite struct TraceFileCorruptionTests {
    private enum Damage: CaseIterable {
        case flipBit
        case setByte
        case overwriteRange
        case zeroRange
        case swapBytes
    }

    /// Changes `bytes` in a random way; returns a description of what changed.
    private func damage(_ bytes: inout [UInt8], using random: inout SplitMix64) -> String {
        while true {
            let position = Int.random(in: 0..<bytes.count, using: &random)
            var touched = position...position
            let before = bytes
            switch Damage.allCases.randomElement(using: &random)! {
            case .flipBit:
                bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case .setByte:
                bytes[position] = UInt8.random(in: 0...255, using: &random)
            case .overwriteRange:
                touched = position...min(bytes.count - 1, position + Int.random(in: 0...63, using: &random))
                for index in touched { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            case .zeroRange:
                touched = position...min(bytes.count - 1, position + Int.random(in: 0...63, using: &random))
                for index in touched { bytes[index] = 0 }
            case .swapBytes:
                let other = Int.random(in: 0..<bytes.count, using: &random)
                bytes.swapAt(position, other)
                touched = min(position, other)...max(position, other)
            }
            let changed = touched.filter { bytes[$0] != before[$0] }
            if let first = changed.first, let last = changed.last {
                return "\(changed.count) bytes changed in \(first)...\(last)"
            }
        }
    }

    /// The name of an error's case.
    private func caseName(_ error: TraceFileError) -> String {
        switch error {
        case .io: "io"
        case .notATrace: "notATrace"
        case .newerVersion: "newerVersion"
        case .truncated: "truncated"
        case .corrupted: "corrupted"
        case .invalidValue: "invalidValue"
        case .invalidInput: "invalidInput"
        }
    }

    /// Reads everything; returns the error, or `nil` when the whole file read.
    private func readAll(_ path: String) throws -> (error: TraceFileError?, file: TraceFile?, records: [TraceRecord]) {
        var records: [TraceRecord] = []
        do {
            let reader = try TraceFileReader(path: path)
            do {
                try reader.forEachRecord { records.append($0) }
            } catch let error as TraceFileError {
                return (error, reader.file, records)
            }
            return (nil, reader.file, records)
        } catch let error as TraceFileError {
            return (error, nil, records)
        }
    }

    @discardableResult
    private func run(file: TraceFile, records: [TraceRecord], files: Int, seed: UInt64) throws -> [String: Int] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = directory.file("whole.rxtrace")
        try TraceFileWriter.write(file, records: records, to: whole)
        let bytes = try readBytes(whole)
        let path = directory.file("damaged.rxtrace")
        try writeBytes(bytes, to: path)
        var random = SplitMix64(seed: seed)
        var outcomes: [String: Int] = [:]
        for round in 0..<files {
            var damaged = bytes
            let what = damage(&damaged, using: &random)
            try overwriteBytes(damaged, at: path)
            let (error, readFile, read) = try readAll(path)
            guard let error else {
                Issue.record("round \(round), \(what): the damage went unnoticed")
                continue
            }
            // Records given before the error are the original ones, in order.
            #expect(read == Array(records.prefix(read.count)), "round \(round), \(what)")
            if readFile != nil && read.count < records.count {
                // The metadata, when given, is the original unless a check caught it later.
                #expect(readFile == file, "round \(round), \(what)")
            }
            #expect(error.path == path)
            #expect(!error.description.isEmpty)
            switch error {
            case .truncated(_, _, let offset, _), .corrupted(_, _, _, let offset), .invalidValue(_, _, let offset, _):
                #expect(offset <= UInt64(bytes.count), "round \(round), \(what): \(error)")
            case .notATrace, .newerVersion:
                break
            case .io, .invalidInput:
                Issue.record("round \(round), \(what): unexpected \(error)")
            }
            outcomes[caseName(error), default: 0] += 1
        }
        return outcomes
    }

    @Test("thousands of damaged small files")
    func thousandsOfDamagedSmallFiles() throws {
        let outcomes = try run(file: TraceFixtures.file(), records: TraceFixtures.records(30), files: 3_000, seed: 11)
        // The damage reaches every kind of check.
        for kind in ["notATrace", "truncated", "corrupted", "invalidValue"] {
            #expect(outcomes[kind, default: 0] > 0, "\(kind): \(outcomes)")
        }
    }

    @Test("damaged files with empty tables")
    func damagedFilesWithEmptyTables() throws {
        let outcomes = try run(file: TraceFixtures.emptyFile(), records: [], files: 1_000, seed: 12)
        #expect(outcomes["corrupted", default: 0] > 0, "\(outcomes)")
        #expect(outcomes["invalidValue", default: 0] > 0, "\(outcomes)")
    }

    @Test("damaged files with several blocks")
    func damagedFilesWithSeveralBlocks() throws {
        let outcomes = try run(file: TraceFixtures.file(), records: TraceFixtures.records(9_000), files: 100, seed: 13)
        #expect(outcomes["corrupted", default: 0] > 0, "\(outcomes)")
    }
}
