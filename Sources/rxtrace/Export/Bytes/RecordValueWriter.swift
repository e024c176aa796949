import RxTraceFormat

/// Writes a record's value as JSON bytes: a number, a Boolean, a string or `null`, the same
/// bytes as ``RecordValueJSON/text(_:in:)`` without building a `String` for it.
///
/// Texts come from the file's string table, each quoted once (``QuotedStrings``). Doubles keep
/// Swift's own shortest round-trip spelling (`description`), which is what the exports have
/// always printed: short ones (15 bytes or fewer, the usual case) are small strings, formatted
/// in place without a heap allocation. A NaN or an infinity is a quoted string (`"nan"`,
/// `"-inf"`), since JSON has no such numbers.
///
/// Not copyable: it owns the quoted texts, read in place on the per-record path.
struct RecordValueWriter: ~Copyable {
    private var strings: QuotedStrings

    /// The most bytes a value other than a text takes: a double's description is at most 24
    /// bytes (`-2.2250738585072014e-308`), an integer 20.
    private static let otherBound = 32

    /// A writer for the values of `file`'s records.
    init(file: TraceFile) {
        strings = QuotedStrings(quotingOnUse: file.strings)
    }

    /// The most bytes ``write(_:to:)`` writes for `record` (its text is quoted now, once).
    @inline(__always)
    mutating func bound(_ record: TraceRecord) -> Int {
        guard record.valueKind == .string else { return Self.otherBound }
        guard let index = Self.stringIndex(record, count: strings.count) else { return 2 }
        return strings.quotedCount(index)
    }

    /// Writes the value of `record` through `cursor`, which has room for ``bound(_:)`` bytes.
    mutating func write(_ record: TraceRecord, to cursor: inout ByteCursor) {
        switch record.valueKind {
        case .none: cursor.literal("null")
        case .int: cursor.decimal(Int64(bitPattern: record.value))
        case .uint: cursor.decimal(record.value)
        case .double: Self.writeDouble(Double(bitPattern: record.value), to: &cursor)
        case .bool:
            if record.value == 0 { cursor.literal("false") } else { cursor.literal("true") }
        case .string:
            if let index = Self.stringIndex(record, count: strings.count) {
                strings.write(index, to: &cursor)
            } else {
                cursor.literal("\"\"")
            }
        case .disposalReason:
            switch TraceDisposalReason(rawValue: record.value) {
            case .completed: cursor.literal("\"completed\"")
            case .errored: cursor.literal("\"errored\"")
            case .early: cursor.literal("\"early\"")
            case .unknown, nil: cursor.literal("\"unknown\"")
            }
        }
    }

    /// The string table index a text record refers to, or `nil` when it is out of range.
    @inline(__always)
    private static func stringIndex(_ record: TraceRecord, count: Int) -> Int? {
        let index = Int(UInt32(truncatingIfNeeded: record.value))
        return index < count ? index : nil
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
