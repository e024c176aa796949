import RxTraceFormat

/// Pieces of OTLP/JSON, the protobuf JSON mapping of the OTLP messages with the changes the
/// OTLP specification makes: trace and span ids as hex strings, enums as integers, 64-bit
/// integers as decimal strings.
enum OTLPJSON {
    /// An attribute (`KeyValue`) whose value is the `AnyValue` JSON `value`.
    static func attribute(_ key: String, _ value: String) -> String {
        "{\"key\":\(JSONText.quoted(key)),\"value\":\(value)}"
    }

    /// An `AnyValue` holding a string.
    static func string(_ text: String) -> String { "{\"stringValue\":\(JSONText.quoted(text))}" }

    /// An `AnyValue` holding a 64-bit integer (a string in JSON).
    static func int(_ value: Int64) -> String { "{\"intValue\":\"\(value)\"}" }

    /// An `AnyValue` holding a Boolean.
    static func bool(_ value: Bool) -> String { "{\"boolValue\":\(value)}" }

    /// An `AnyValue` holding a double; the JSON mapping spells non-finite values as strings.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "{\"doubleValue\":\"NaN\"}" }
        if value.isInfinite { return "{\"doubleValue\":\"\(value < 0 ? "-Infinity" : "Infinity")\"}" }
        return "{\"doubleValue\":\(value)}"
    }

    /// An `AnyValue` holding key-value pairs of integers.
    static func counts(_ pairs: [(String, Int64)]) -> String {
        "{\"kvlistValue\":{\"values\":[" + pairs.map { attribute($0.0, int($0.1)) }.joined(separator: ",") + "]}}"
    }

    /// A timestamp in nanoseconds since the Unix epoch, as the JSON mapping writes a `fixed64`.
    static func time(_ nanoseconds: UInt64) -> String { "\"\(nanoseconds)\"" }

    /// A record's value as an `AnyValue`, typed as the record carries it.
    static func value(of record: TraceRecord, in file: TraceFile) -> String {
        switch record.valueKind {
        case .none: return string("")
        case .int: return int(Int64(bitPattern: record.value))
        case .uint:
            // Beyond Int64's range an unsigned value keeps its digits as a string.
            return record.value <= UInt64(Int64.max) ? int(Int64(record.value)) : string(String(record.value))
        case .double: return double(Double(bitPattern: record.value))
        case .bool: return bool(record.value != 0)
        case .string: return string(file.string(UInt32(truncatingIfNeeded: record.value)) ?? "")
        case .disposalReason: return string(TraceDisposalReason(rawValue: record.value).map { "\($0)" } ?? "unknown")
        }
    }
}
