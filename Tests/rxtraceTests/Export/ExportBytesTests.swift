import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import rxtrace

/// The JSON Lines and Chrome exports format records straight into bytes: every byte must be
/// what the `String` formatting they replaced (`StringExports`) gave, on the values where
/// hand-written formatting goes wrong.
@Suite("export formatting in bytes")
struct ExportBytesTests {
    /// Texts that need escaping or are unusual: quotes, backslashes, every control character,
    /// non-ASCII text, text repaired from invalid UTF-8, and text longer than the output's
    /// buffer.
    static let trickyTexts: [String] = [
        "",
        "plain",
        "quote \" backslash \\ slash / both \\\"",
        String(decoding: Array(0..<0x20) + [0x7F], as: UTF8.self),
        "tab\there\nnewline\rreturn\r\n",
        "héllo wörld ✓ 日本語 🎉 👨‍👩‍👧 e\u{301} \u{2028}\u{2029} \u{FEFF}",
        String(decoding: [0xFF, 0xC3, 0x28, 0x41, 0xE2, 0x82], as: UTF8.self),
        "\u{0}leading nul and trailing\u{1F}",
        String(repeating: "long \"text\" \\ \u{1}é ", count: 120_000),
    ]

    /// A trace whose tables use the tricky texts for names, with extreme numbers in the header.
    static func trickyFile() -> TraceFile {
        // The long text is string 8, the last probe's name.
        let strings = [""] + trickyTexts.dropFirst() + ["main", "thread 7"]
        let count = UInt32(strings.count)
        return TraceFile(
            header: TraceHeader(
                processID: .min,
                processName: "proc \"x\"\n\u{7}",
                startWallClock: 0,
                clock: .monotonic,
                capacity: 1,
                recordsWritten: 0,
                recordsLost: 0,
                valueLimit: 64,
                dumpReason: .request,
                dumpTimestamp: .max,
                siteCapture: .off
            ),
            strings: strings,
            probes: ([1, 2, 3, 4, 5, 6, 7, 9, 10, 8] as [UInt32]).map { TraceProbe(identifier: $0, file: 0, line: 1, function: 0) },
            threads: [
                TraceThread(systemID: .max, name: count - 2),
                TraceThread(systemID: 0, name: 0),
                TraceThread(systemID: 12_345, name: 3),
                TraceThread(systemID: 7, name: 5),
            ],
            marks: [
                TraceMark(timestamp: 1_001, label: 2, thread: 2, resourcesTotal: .max, types: []),
                TraceMark(timestamp: .max, label: 4, thread: 0, resourcesTotal: -1, types: []),
            ],
            openSubscriptions: [
                TraceOpenSubscription(subscription: .max, probe: 2, thread: 3, subscribedAt: 999),
                TraceOpenSubscription(subscription: 5, probe: 0, thread: 0, subscribedAt: 0),
            ],
            sites: []
        )
    }

    static let integers: [Int64] = [0, 1, -1, 9, -9, 10, 99, 100, 999_999, -1_000_000, .max, .min, .max - 1, .min + 1]
    static let unsigned: [UInt64] = [
        0, 1, 9, 10, 99, 100, 999, 1_000, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999, .max, .max - 1,
    ]
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, 1.0 / 3, 312.5, 1e15, 9_007_199_254_740_992, 1e16, 1e-4, 1e-5, 123_456.789,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .ulpOfOne, .pi, .infinity, -.infinity, .nan, -.nan, .signalingNaN, -.signalingNaN,
        Double(bitPattern: 0x7FF8_0000_0000_0001), Double(bitPattern: 0xFFF0_0000_0000_0001), Double(bitPattern: 0x7FF4_DEAD_BEEF_0000),
    ]

    /// Records of every kind and value kind, with the tricky values, on every probe and thread.
    static func trickyRecords(_ file: TraceFile, random: inout SplitMix64) -> [TraceRecord] {
        var values: [(TraceValueKind, UInt64)] = [(.none, 0), (.none, 77), (.bool, 0), (.bool, 1), (.bool, 2)]
        values += integers.map { (.int, UInt64(bitPattern: $0)) }
        values += unsigned.map { (.uint, $0) }
        values += doubles.map { (.double, $0.bitPattern) }
        values += file.strings.indices.map { (.string, UInt64($0)) }
        values += [(.string, UInt64(UInt32.max)), (.string, 1 << 32 | 2), (.string, UInt64(file.strings.count))]
        values += [0, 1, 2, 3, 4, .max].map { (.disposalReason, $0) }
        let timestamps: [UInt64] = [0, 1, 999, 1_000, 1_001, 1_010, 1_100, 123_456_789, .max, .max - 999]
        let subscriptions: [UInt64] = [0, 1, 15, 16, 255, 0xDEAD_BEEF, .max]
        var records: [TraceRecord] = []
        for (index, (valueKind, value)) in values.enumerated() {
            for kind in TraceEventKind.allCases {
                records.append(
                    TraceRecord(
                        timestamp: timestamps[(index + Int(kind.rawValue)) % timestamps.count],
                        subscription: subscriptions[(index * 3 + Int(kind.rawValue)) % subscriptions.count],
                        probe: UInt32((index + Int(kind.rawValue)) % (file.probes.count - 1)),
                        thread: UInt16(index % file.threads.count),
                        kind: kind,
                        valueKind: valueKind,
                        value: value
                    )
                )
            }
        }
        // The probe named by the long text, twice.
        records.append(TraceRecord(timestamp: 1, subscription: 3, probe: UInt32(file.probes.count - 1), thread: 1, kind: .subscribed))
        records.append(
            TraceRecord(
                timestamp: 2, subscription: 3, probe: UInt32(file.probes.count - 1), thread: 2, kind: .next, valueKind: .string, value: 8))
        // Many ordinary records too, so that the output's buffer fills and is written out often;
        // not on the probe named by the long text (the last), and its text only now and then.
        for _ in 0..<60_000 {
            let kind = TraceEventKind.allCases.randomElement(using: &random)!
            let valueKind = TraceValueKind.allCases.randomElement(using: &random)!
            var value = random.next()
            if valueKind == .string { value %= UInt64(file.strings.count - 1) }
            if valueKind == .string, value == 8 { value = 1 }
            records.append(
                TraceRecord(
                    timestamp: random.next() >> UInt64.random(in: 0...63, using: &random),
                    subscription: random.next() % 500,
                    probe: UInt32(random.next() % UInt64(file.probes.count - 1)),
                    thread: UInt16(random.next() % UInt64(file.threads.count)),
                    kind: kind,
                    valueKind: valueKind,
                    value: value
                )
            )
        }
        return records
    }

    /// What `export` writes for `records` through `BufferedOutput` into a file.
    static func exported(_ format: ExportCommand.Format, _ file: TraceFile, _ records: [TraceRecord]) throws -> String {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("out")
        let output = try BufferedOutput(path: path)
        let exporter: any TraceExporter =
            format == .jsonl ? JSONLinesExporter(file: file, output: output) : ChromeTraceExporter(file: file, output: output)
        try exporter.begin()
        for record in records {
            try exporter.add(record)
        }
        try exporter.end()
        try output.close()
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    /// The bytes `RecordValueWriter` writes for `record`.
    static func valueBytes(_ record: TraceRecord, _ writer: inout RecordValueWriter) -> String {
        var bytes = [UInt8](repeating: 0, count: writer.bound(record))
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = ByteCursor(buffer.baseAddress!)
            writer.write(record, to: &cursor)
            return cursor.position - buffer.baseAddress!
        }
        #expect(count <= bytes.count, "wrote \(count) bytes for a bound of \(bytes.count)")
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// What `body` writes through a cursor with room for `room` bytes.
    static func written(room: Int = 64, _ body: (inout ByteCursor) -> Void) -> String {
        var bytes = [UInt8](repeating: 0, count: room)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = ByteCursor(buffer.baseAddress!)
            body(&cursor)
            return cursor.position - buffer.baseAddress!
        }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    @Test("every value kind, tricky values included, gives the bytes of RecordValueJSON")
    func values() {
        let file = Self.trickyFile()
        var random = SplitMix64(seed: 15)
        var writer = RecordValueWriter(file: file)
        var mismatches = 0
        for record in Self.trickyRecords(file, random: &random) where mismatches < 5 {
            let expected = RecordValueJSON.text(record, in: file)
            let actual = Self.valueBytes(record, &writer)
            if actual != expected {
                mismatches += 1
                Issue.record("value \(record.valueKind) \(record.value): \(actual.prefix(80)) instead of \(expected.prefix(80))")
            }
        }
    }

    @Test("doubles: 20 000 random bit patterns (NaNs, infinities, subnormals) as Swift's description spells them")
    func randomDoubles() {
        var random = SplitMix64(seed: 1_515)
        var mismatches = 0
        for index in 0..<20_000 where mismatches < 5 {
            var bits = random.next()
            // A quarter with the exponent all ones or all zeros: NaNs, infinities, subnormals.
            switch index % 8 {
            case 0: bits |= 0x7FF0_0000_0000_0000
            case 1: bits &= 0x800F_FFFF_FFFF_FFFF
            default: break
            }
            let value = Double(bitPattern: bits)
            let expected = value.isFinite ? String(value) : JSONText.quoted(String(value))
            let actual = Self.written { RecordValueWriter.writeDouble(value, to: &$0) }
            if actual != expected {
                mismatches += 1
                Issue.record("double \(String(bits, radix: 16)): \(actual) instead of \(expected)")
            }
        }
    }

    @Test("numbers: decimal, hexadecimal and microseconds match String on every digit count")
    func numbers() {
        var random = SplitMix64(seed: 99)
        var unsigned = Self.unsigned
        var power: UInt64 = 1
        for _ in 0..<19 {
            unsigned += [power - 1, power, power + 1, power * 9 + 8]
            power *= 10
        }
        unsigned += (0..<2_000).map { _ in random.next() >> UInt64.random(in: 0...63, using: &random) }
        for value in unsigned {
            #expect(Self.written { $0.decimal(value) } == String(value))
            #expect(Self.written { $0.decimal(Int64(bitPattern: value)) } == String(Int64(bitPattern: value)))
            #expect(Self.written { $0.hexadecimal(value) } == String(value, radix: 16))
            let whole = value / 1000
            let fraction = value % 1000
            let microseconds = fraction == 0 ? String(whole) : "\(whole).\(String(fraction + 1000).dropFirst())"
            #expect(Self.written { $0.microseconds(value) } == microseconds)
        }
        for value in Self.integers {
            #expect(Self.written { $0.decimal(value) } == String(value))
        }
    }

    @Test("quoting: every tricky text and every scalar below U+0300 reads back as itself, as bytes and as text")
    func quoting() throws {
        let scalars = (0..<0x300).compactMap(Unicode.Scalar.init).map { String(Character($0)) }
        for text in Self.trickyTexts + scalars {
            var bytes: [UInt8] = []
            JSONText.appendQuoted(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONText.quoted(text), "\(text.prefix(40).debugDescription)")
            #expect(try JSONDecoder().decode(String.self, from: Data(bytes)) == text, "\(text.prefix(40).debugDescription)")
        }
        #expect(JSONText.quoted("a\"b\\c\n\r\t\u{01}\u{1F}\u{7F}é") == "\"a\\\"b\\\\c\\n\\r\\t\\u0001\\u001f\u{7F}é\"")
    }

    @Test("export jsonl: the whole output is byte for byte the String formatting's")
    func jsonLines() throws {
        let file = Self.trickyFile()
        var random = SplitMix64(seed: 7)
        let records = Self.trickyRecords(file, random: &random)
        let actual = try Self.exported(.jsonl, file, records)
        let expected = StringExports.jsonLines(file, records)
        #expect(actual.utf8.count == expected.utf8.count)
        #expect(actual == expected)
    }

    @Test("export chrome: the whole output is byte for byte the String formatting's")
    func chrome() throws {
        let file = Self.trickyFile()
        var random = SplitMix64(seed: 8)
        let records = Self.trickyRecords(file, random: &random)
        let actual = try Self.exported(.chrome, file, records)
        let expected = StringExports.chrome(file, records)
        #expect(actual.utf8.count == expected.utf8.count)
        #expect(actual == expected)
    }

    @Test("records whose probe or thread the tables lack are named as before")
    func unnamed() throws {
        let file = Self.trickyFile()
        let records = [
            TraceRecord(timestamp: 5, subscription: 1, probe: 9_999, thread: 0, kind: .subscribed),
            TraceRecord(timestamp: 6, subscription: 1, probe: 0, thread: 999, kind: .next, valueKind: .int, value: 3),
            TraceRecord(timestamp: 7, subscription: 1, probe: 9_999, thread: 999, kind: .disposed, valueKind: .disposalReason, value: 1),
        ]
        #expect(try Self.exported(.jsonl, file, records) == StringExports.jsonLines(file, records))
        #expect(try Self.exported(.chrome, file, records) == StringExports.chrome(file, records))
    }

    @Test("the literal event names are the export names")
    func eventNames() {
        for kind in TraceEventKind.allCases {
            #expect(kind.exportLiteral.description == kind.exportName)
        }
    }
}
