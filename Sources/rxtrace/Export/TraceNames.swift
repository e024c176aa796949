import RxTraceAnalysis
import RxTraceFormat

/// The probe and thread names by index, from RxTraceAnalysis, where the reports get theirs: the
/// exports and the reports of a trace name the same things the same way.
typealias TraceNames = RxTraceAnalysis.TraceNames

/// A record's value as a JSON value: a number, a Boolean, a string or `null`.
enum RecordValueJSON {
    static func text(_ record: TraceRecord, in file: TraceFile) -> String {
        switch record.valueKind {
        case .none: return "null"
        case .int: return String(Int64(bitPattern: record.value))
        case .uint: return String(record.value)
        case .double:
            let value = Double(bitPattern: record.value)
            return value.isFinite ? String(value) : JSONText.quoted(String(value))
        case .bool: return record.value == 0 ? "false" : "true"
        // The texts and their stand-ins are the reports' (an index beyond UInt32 is not cut down
        // to another string's).
        case .string, .disposalReason: return JSONText.quoted(file.valueText(of: record))
        }
    }
}

extension TraceEventKind {
    /// The kind's name as exports spell it (`subscribed`, `next`, ...), without the runtime
    /// reflection that string interpolation of an enum goes through for every record.
    var exportName: String {
        switch self {
        case .subscribed: "subscribed"
        case .next: "next"
        case .error: "error"
        case .completed: "completed"
        case .disposed: "disposed"
        }
    }
}
