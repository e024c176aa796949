import Foundation
import TestSupport
import Testing

@testable import RxTraceFormat

/// Hostile files with valid checksums: absurd counts and lengths are rejected against the
/// documented limits and the bytes actually there, before anything is allocated for them;
/// out-of-range references and unknown kinds are named with their place.
@Suite struct TraceFileLimitsTests {
    private let directory: TemporaryDirectory
    private let path: String
    private let original: [UInt8]
    private let file = TraceFixtures.file()
    private let records = TraceFixtures.records(50)

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trace.rxtrace")
        try TraceFileWriter.write(file, records: records, to: path)
        original = try readBytes(path)
    }

    /// The error reading `bytes` gives, or `nil` when they read whole.
    ///
    /// Each call writes a new file (removed after), so the tests read the path the errors
    /// name and the file system never has to flush a rewritten file.
    private func outcome(_ bytes: [UInt8]) throws -> TraceFileError? {
        try writeBytes(bytes, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let reader = try TraceFileReader(path: path)
            try reader.forEachRecord { _ in }
            return nil
        } catch let error as TraceFileError {
            return error
        }
    }

    /// The file with the payload of `kind` replaced, checksums fixed.
    private func replacing(_ kind: TraceSectionKind, with payload: [UInt8]) -> [UInt8] {
        var raw = RawTrace(original)
        raw.setPayload(kind, payload)
        return raw.bytes()
    }

    /// Where the payload of `kind` starts in a file whose earlier sections are unchanged.
    private func payloadOffset(_ kind: TraceSectionKind) -> UInt64 {
        UInt64(RawTrace(original).section(kind).offset + 16)
    }

    private func invalid(_ kind: TraceSectionKind, at offset: UInt64, _ problem: String) -> TraceFileError {
        .invalidValue(path: path, section: kind.section, offset: offset, problem: problem)
    }

    @Test("table counts beyond the limits")
    func tableCountsBeyondTheLimits() throws {
        defer { directory.remove() }
        let cases: [(TraceSectionKind, String, Int)] = [
            (.strings, "strings", TraceFormatLimits.maxStrings),
            (.probes, "probes", TraceFormatLimits.maxProbes),
            (.threads, "threads", TraceFormatLimits.maxThreads),
            (.marks, "marks", TraceFormatLimits.maxMarks),
            (.openSubscriptions, "open subscriptions", TraceFormatLimits.maxOpenSubscriptions),
            (.sites, "sites", TraceFormatLimits.maxSites),
        ]
        for (kind, name, limit) in cases {
            for count in [limit + 1, Int(UInt32.max)] {
                #expect(
                    try outcome(replacing(kind, with: le(UInt32(count))))
                        == invalid(
                            kind,
                            at: payloadOffset(kind),
                            "the number of \(name) is \(count), more than the limit of \(limit)"
                        )
                )
            }
        }
    }

    @Test("counts that do not fit the section")
    func countsThatDoNotFitTheSection() throws {
        defer { directory.remove() }
        let cases: [(TraceSectionKind, String, Int)] = [
            (.strings, "strings", 4), (.probes, "probes", 16), (.threads, "threads", 12), (.marks, "marks", 26),
            (.openSubscriptions, "open subscriptions", 22), (.sites, "sites", 20),
        ]
        for (kind, name, size) in cases {
            let count = 65_536
            #expect(
                try outcome(replacing(kind, with: le(UInt32(count)) + [0, 0, 0]))
                    == invalid(
                        kind,
                        at: payloadOffset(kind),
                        "\(count) \(name) need at least \(count * size) bytes, but the section has only 3 bytes left"
                    )
            )
        }
    }

    @Test("string lengths")
    func stringLengths() throws {
        defer { directory.remove() }
        let start = payloadOffset(.strings)
        let tooLong = UInt32(TraceFormatLimits.maxStringLength + 1)
        #expect(
            try outcome(replacing(.strings, with: le(UInt32(2)) + le(UInt32(0)) + le(tooLong)))
                == invalid(.strings, at: start + 8, "string 1 is \(tooLong) bytes long, more than the limit of 1048576")
        )
        #expect(
            try outcome(replacing(.strings, with: le(UInt32(2)) + le(UInt32(0)) + le(UInt32(100)) + [65]))
                == invalid(.strings, at: start + 12, "string 1 is 100 bytes long, but the section has only 1 byte left")
        )
        #expect(
            try outcome(replacing(.strings, with: le(UInt32(2)) + le(UInt32(0)) + le(UInt32(2)) + [0xC3, 0x28]))
                == invalid(.strings, at: start + 12, "string 1 is not valid UTF-8")
        )
        #expect(
            try outcome(replacing(.strings, with: le(UInt32(1)) + le(UInt32(1)) + [65]))
                == invalid(.strings, at: start + 4, "string 0 is 1 byte long, but it must be the empty string")
        )
        #expect(
            try outcome(replacing(.strings, with: le(UInt32(1)) + le(UInt32(0)) + [9]))
                == invalid(.strings, at: start + 8, "1 unexpected byte follows the last entry")
        )
    }

    @Test("header values")
    func headerValues() throws {
        defer { directory.remove() }
        let header = RawTrace(original).section(.header).payload
        let start = payloadOffset(.header)
        func patched(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
            var payload = header
            payload.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return replacing(.header, with: payload)
        }
        #expect(try outcome(patched(52, [9])) == invalid(.header, at: start + 52, "unknown clock 9"))
        #expect(try outcome(patched(53, [0])) == invalid(.header, at: start + 53, "unknown dump reason 0"))
        #expect(try outcome(patched(54, [3])) == invalid(.header, at: start + 54, "unknown site capture mode 3"))
        #expect(
            try outcome(patched(54, [0]))
                == invalid(.header, at: start + 48, "a site sampling period of 64 without sampled site capture")
        )
        #expect(try outcome(patched(55, [1])) == invalid(.header, at: start + 55, "the reserved byte is 1, not 0"))
        #expect(
            try outcome(patched(56, le(UInt32(1 << 20 + 1))))
                == invalid(.header, at: start + 56, "the process name is 1048577 bytes long, more than the limit of 1048576")
        )
        #expect(
            try outcome(replacing(.header, with: Array(header[0..<50])))
                == invalid(
                    .header,
                    at: start + 48,
                    "the site sampling period runs past the end of the section (2 bytes left, 4 needed)"
                )
        )
    }

    @Test("nested counts beyond the limits")
    func nestedCountsBeyondTheLimits() throws {
        defer { directory.remove() }
        // One mark with too many type counts.
        let mark = le(UInt32(1)) + le(UInt64(0)) + le(Int64(0)) + le(UInt32(0)) + le(UInt16(0)) + le(UInt32(65_537))
        #expect(
            try outcome(replacing(.marks, with: mark))
                == invalid(
                    .marks,
                    at: payloadOffset(.marks) + 26,
                    "the number of type counts in mark 0 is 65537, more than the limit of 65536"
                )
        )
        // One site with too many frames, then one with too many type counts.
        let site = le(UInt32(1)) + le(UInt64(0)) + le(UInt32(0))
        #expect(
            try outcome(replacing(.sites, with: site + le(UInt32(4_097)) + le(UInt32(0))))
                == invalid(.sites, at: payloadOffset(.sites) + 16, "site 0 has 4097 frames, more than the limit of 4096")
        )
        #expect(
            try outcome(replacing(.sites, with: site + le(UInt32(0)) + le(UInt32(65_537))))
                == invalid(
                    .sites,
                    at: payloadOffset(.sites) + 20,
                    "site 0 has 65537 type counts, more than the limit of 65536"
                )
        )
        #expect(
            try outcome(replacing(.sites, with: site + le(UInt32(4_000)) + le(UInt32(60_000))))
                == invalid(
                    .sites,
                    at: payloadOffset(.sites) + 16,
                    "site 0's 4000 frames and 60000 type counts run past the end of the section"
                )
        )
    }

    @Test("references out of range")
    func referencesOutOfRange() throws {
        defer { directory.remove() }
        func openSubscription(probe: UInt32, thread: UInt16) -> [UInt8] {
            le(UInt32(1)) + le(UInt64(1)) + le(UInt64(1)) + le(probe) + le(thread)
        }
        let strings = TraceFixtures.strings.count
        #expect(
            try outcome(replacing(.probes, with: le(UInt32(1)) + le(UInt32(1)) + le(UInt32(999)) + le(UInt64(1))))
                == invalid(
                    .probes,
                    at: payloadOffset(.probes) + 4,
                    "probe 0's file refers to string 999, but the string table has \(strings) strings"
                )
        )
        #expect(
            try outcome(replacing(.openSubscriptions, with: openSubscription(probe: 0, thread: 3)))
                == invalid(
                    .openSubscriptions,
                    at: payloadOffset(.openSubscriptions) + 4,
                    "open subscription 0 refers to thread 3, but the trace has 3 threads"
                )
        )
        #expect(
            try outcome(replacing(.openSubscriptions, with: openSubscription(probe: 3, thread: 0)))
                == invalid(
                    .openSubscriptions,
                    at: payloadOffset(.openSubscriptions) + 4,
                    "open subscription 0 refers to probe 3, but the trace has 3 probes"
                )
        )
    }

    @Test("section lengths beyond the limit or the file")
    func sectionLengthsBeyondTheLimitOrTheFile() throws {
        defer { directory.remove() }
        let stringsOffset = RawTrace(original).section(.strings).offset
        var bytes = original
        bytes.replaceSubrange((stringsOffset + 8)..<(stringsOffset + 16), with: le(UInt64(1 << 30 + 1)))
        #expect(
            try outcome(bytes)
                == invalid(
                    .strings,
                    at: UInt64(stringsOffset + 8),
                    "the section is 1073741825 bytes long, more than the limit of 1073741824"
                )
        )
        bytes.replaceSubrange((stringsOffset + 8)..<(stringsOffset + 16), with: le(UInt64(1 << 30)))
        #expect(
            try outcome(bytes)
                == .truncated(path: path, section: .strings, offset: UInt64(original.count), recordsReadable: 0)
        )
        bytes.replaceSubrange((stringsOffset + 8)..<(stringsOffset + 16), with: le(UInt64.max))
        #expect(
            try outcome(bytes)
                == invalid(
                    .strings,
                    at: UInt64(stringsOffset + 8),
                    "the section is \(UInt64.max) bytes long, more than the limit of 1073741824"
                )
        )
    }

    // MARK: Records

    /// The file with the records section's payload changed by `edit`, the records section's
    /// checksum and block 0's checksum fixed.
    private func editingRecords(_ edit: (inout [UInt8]) -> Void) -> [UInt8] {
        var raw = RawTrace(original)
        var payload = raw.section(.records).payload
        edit(&payload)
        let count = Int(payload.loadLittleEndian(UInt32.self, at: 12))
        if payload.count >= 20 + count * 32 {
            payload.replaceSubrange(16..<20, with: le(CRC32.checksum(Array(payload[20..<(20 + count * 32)]))))
        }
        raw.setPayload(.records, payload)
        return raw.bytes()
    }

    private var recordsSectionOffset: UInt64 { UInt64(RawTrace(original).section(.records).offset) }

    @Test("records section fields")
    func recordsSectionFields() throws {
        defer { directory.remove() }
        let start = recordsSectionOffset + 16
        #expect(
            try outcome(editingRecords { $0.replaceSubrange(0..<8, with: le(UInt64(1) << 40 + 1)) })
                == invalid(.records, at: start, "the record count is 1099511627777, more than the limit of 1099511627776")
        )
        for perBlock: UInt32 in [0, 4_097, .max] {
            #expect(
                try outcome(editingRecords { $0.replaceSubrange(8..<12, with: le(perBlock)) })
                    == invalid(.records, at: start + 8, "blocks of \(perBlock) records are not allowed (1 to 4096)")
            )
        }
        #expect(
            try outcome(editingRecords { $0.replaceSubrange(0..<8, with: le(UInt64(51))) })
                == invalid(
                    .records,
                    at: recordsSectionOffset + 8,
                    "the section is 1620 bytes long, but 51 records in blocks of 4096 take 1652"
                )
        )
        // A block count that disagrees with the section's record count.
        #expect(
            try outcome(editingRecords { $0.replaceSubrange(0..<12, with: le(UInt64(50)) + le(UInt32(10))) })
                == invalid(
                    .records,
                    at: recordsSectionOffset + 8,
                    "the section is 1620 bytes long, but 50 records in blocks of 10 take 1652"
                )
        )
    }

    @Test("record values")
    func recordValues() throws {
        defer { directory.remove() }
        let blockStart = recordsSectionOffset + 16 + 12
        func record(_ index: Int, byte offset: Int, _ bytes: [UInt8]) -> [UInt8] {
            editingRecords { payload in
                let at = 20 + index * 32 + offset
                payload.replaceSubrange(at..<(at + bytes.count), with: bytes)
            }
        }
        func at(_ index: Int) -> UInt64 { blockStart + 8 + UInt64(index * 32) }
        #expect(try outcome(record(7, byte: 22, [9])) == invalid(.records, at: at(7), "record 7 has unknown event kind 9"))
        #expect(try outcome(record(8, byte: 22, [0])) == invalid(.records, at: at(8), "record 8 has unknown event kind 0"))
        #expect(try outcome(record(9, byte: 23, [7])) == invalid(.records, at: at(9), "record 9 has unknown value kind 7"))
        #expect(
            try outcome(record(10, byte: 16, le(UInt32(3))))
                == invalid(.records, at: at(10), "record 10 refers to probe 3, but the trace has 3 probes")
        )
        #expect(
            try outcome(record(11, byte: 20, le(UInt16(40))))
                == invalid(.records, at: at(11), "record 11 refers to thread 40, but the trace has 3 threads")
        )
        #expect(
            try outcome(record(12, byte: 23, [TraceValueKind.string.rawValue] + le(UInt64(17))))
                == invalid(.records, at: at(12), "record 12 refers to string 17, but the string table has 17 strings")
        )
        #expect(
            try outcome(record(13, byte: 23, [TraceValueKind.bool.rawValue] + le(UInt64(2))))
                == invalid(.records, at: at(13), "record 13 has Boolean value 2, which is neither 0 nor 1")
        )
        #expect(
            try outcome(record(14, byte: 23, [TraceValueKind.disposalReason.rawValue] + le(UInt64(4))))
                == invalid(.records, at: at(14), "record 14 has unknown disposal reason 4")
        )
        #expect(
            try outcome(editingRecords { $0.replaceSubrange(12..<16, with: le(UInt32(49))) })
                == invalid(.records, at: blockStart, "record block 0 holds 49 records, but 50 were expected")
        )
    }

    @Test("the records before a bad record are read")
    func theRecordsBeforeABadRecordAreRead() throws {
        defer { directory.remove() }
        let bytes = editingRecords { payload in payload[20 + 20 * 32 + 22] = 200 }
        try writeBytes(bytes, to: path)
        let reader = try TraceFileReader(path: path)
        let iterator = reader.records()
        var read: [TraceRecord] = []
        #expect(throws: TraceFileError.self) {
            while let record = try iterator.next() { read.append(record) }
        }
        #expect(read == Array(records.prefix(20)))
        #expect(iterator.recordsRead == 20)
    }

    // MARK: Fuzz

    /// Random payloads around the limits, with checksums that match, for every section:
    /// each read ends in a `TraceFileError` or a whole read, never a crash, and errors point
    /// inside the file.
    @Test("random payloads around the limits")
    func randomPayloadsAroundTheLimits() throws {
        defer { directory.remove() }
        var random = SplitMix64(seed: 21)
        let limits: [TraceSectionKind: Int] = [
            .header: TraceFormatLimits.maxStringLength, .strings: TraceFormatLimits.maxStrings,
            .probes: TraceFormatLimits.maxProbes, .threads: TraceFormatLimits.maxThreads,
            .marks: TraceFormatLimits.maxMarks, .openSubscriptions: TraceFormatLimits.maxOpenSubscriptions,
            .sites: TraceFormatLimits.maxSites, .records: TraceFormatLimits.maxRecordsPerBlock,
        ]
        var outcomes: [String: Int] = [:]
        for round in 0..<2_000 {
            let kind = TraceSectionKind.allCases.filter {
                $0 != .end && $0 != .probeTotals && $0 != .siteSubscriptions && $0 != .resourceSamples
            }.randomElement(
                using: &random)!
            let limit = limits[kind]!
            let interesting = [
                0, 1, 2, 3, limit - 1, limit, limit + 1, Int(UInt32.max), Int.random(in: 0...1_000, using: &random),
            ]
            var payload = RawTrace(original).section(kind).payload
            // Overwrite a count-sized field somewhere in the payload with an interesting number,
            // and sometimes cut or extend the payload.
            if !payload.isEmpty {
                let at = Int.random(in: 0..<payload.count, using: &random)
                let value = le(UInt32(truncatingIfNeeded: interesting.randomElement(using: &random)!))
                for (offset, byte) in value.enumerated() where at + offset < payload.count {
                    payload[at + offset] = byte
                }
            }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: payload.removeLast(min(payload.count, Int.random(in: 0...8, using: &random)))
            case 1:
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    payload.append(UInt8.random(in: 0...255, using: &random))
                }
            default: break
            }
            var raw = RawTrace(original)
            raw.setPayload(kind, payload)
            let bytes = raw.bytes()
            let error = try outcome(bytes)
            switch error {
            case nil:
                outcomes["read", default: 0] += 1
            case .truncated(_, _, let offset, _)?, .corrupted(_, _, _, let offset)?, .invalidValue(_, _, let offset, _)?:
                #expect(offset <= UInt64(bytes.count), "round \(round): \(error!)")
                outcomes["\(kind)", default: 0] += 1
            case let other?:
                Issue.record("round \(round): unexpected \(other)")
            }
        }
        #expect(outcomes.count > 5, "\(outcomes)")
    }
}
