import RxTraceFormat

/// Writes a record's value as JSON bytes: a number, a Boolean, a string or `null`, the same
/// bytes as ``RecordValueJSON/text(_:in:)`` without building a `String` for it.
///
/// Texts and disposal reasons are rendered once each (``QuotedStrings``). Doubles keep
/// Swift's own shortest round-trip spelling (`description`), which is what the exports have
/// always printed: short ones (15 bytes or fewer, the usual case) are small strings, formatted
/// in place without a heap allocation. A NaN or an infinity is a quoted string (`"nan"`,
/// `"-inf"`), since JSON has no such numbers.
///
/// Not copyable: it owns the quoted texts, read in place on the per-record path.
struct RecordValueWriter: ~Copyable {
    /// The JSON of each text value, by string index, made once per index by
    /// ``RecordValueJSON`` itself, so that texts are spelled as the other outputs spell them.
    private var strings: QuotedStrings
    /// The JSON of each disposal reason, by raw value, made the same way.
    private var reasons: QuotedStrings
    /// The JSON of a value none of the tables holds (a text index beyond the string table, an
    /// unknown disposal reason: never in a file the reader accepts), made by
    /// ``RecordValueJSON`` in ``bound(_:)`` and written by ``write(_:to:)``.
    private var unusual: [UInt8] = []
    private let file: TraceFile

    /// The most bytes a value other than a text takes: a double's description is at most 24
    /// bytes (`-2.2250738585072014e-308`), an integer 20.
    private static let otherBound = 32

    /// A writer for the values of `file`'s records.
    init(file: TraceFile) {
        self.file = file
        strings = QuotedStrings(count: file.strings.count) { index in
            RecordValueJSON.text(
                TraceRecord(timestamp: 0, subscription: 0, probe: 0, thread: 0, kind: .next, valueKind: .string, value: UInt64(index)),
                in: file)
        }
        reasons = QuotedStrings(count: TraceDisposalReason.allCases.count) { raw in
            RecordValueJSON.text(
                TraceRecord(
                    timestamp: 0, subscription: 0, probe: 0, thread: 0, kind: .disposed, valueKind: .disposalReason, value: UInt64(raw)),
                in: file)
        }
    }

    /// The most bytes ``write(_:to:)`` writes for `record` (a text is rendered now, once).
    @inline(__always)
    mutating func bound(_ record: TraceRecord) -> Int {
        switch record.valueKind {
        case .string:
            if record.value < UInt64(strings.count) { return strings.quotedCount(Int(record.value)) }
        case .disposalReason:
            if record.value < UInt64(reasons.count) { return reasons.quotedCount(Int(record.value)) }
        default:
            return Self.otherBound
        }
        unusual = Array(RecordValueJSON.text(record, in: file).utf8)
        return unusual.count
    }

    /// Writes the value of `record` through `cursor`, which has room for ``bound(_:)`` bytes;
    /// ``bound(_:)`` must have been asked for this record just before.
    mutating func write(_ record: TraceRecord, to cursor: inout ByteCursor) {
        switch record.valueKind {
        case .none: cursor.literal("null")
        case .int: cursor.decimal(Int64(bitPattern: record.value))
        case .uint: cursor.decimal(record.value)
        case .double: Self.writeDouble(Double(bitPattern: record.value), to: &cursor)
        case .bool:
            if record.value == 0 { cursor.literal("false") } else { cursor.literal("true") }
        case .string where record.value < UInt64(strings.count):
            strings.write(Int(record.value), to: &cursor)
        case .disposalReason where record.value < UInt64(reasons.count):
            reasons.write(Int(record.value), to: &cursor)
        case .string, .disposalReason:
            unusual.withUnsafeBufferPointer { cursor.bytes($0) }
        }
    }

    /// Writes `value` as Swift's `description` spells it; quoted when it is not finite.
    static func writeDouble(_ value: Double, to cursor: inout ByteCursor) {
        guard value.isFinite else {
            // `description` spells every NaN `nan`, whatever its sign, payload or signalling
            // bit (only `debugDescription` shows those).
            if value.isNaN {
                cursor.literal("\"nan\"")
            } else if value.sign == .minus {
                cursor.literal("\"-inf\"")
            } else {
                cursor.literal("\"inf\"")
            }
            return
        }
        var text = value.description
        text.withUTF8 { cursor.bytes($0) }
    }
}
