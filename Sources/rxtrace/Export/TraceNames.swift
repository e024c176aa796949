import RxTraceFormat

/// The names records refer to, resolved once per file rather than once per record.
struct TraceNames {
    /// Probe identifiers by probe index.
    let probes: [String]
    /// Thread names by thread index; `thread <system id>` for unnamed threads.
    let threads: [String]
    /// System thread ids by thread index.
    let threadIDs: [UInt64]

    init(_ file: TraceFile) {
        probes = file.probes.map { file.string($0.identifier) ?? "?" }
        threads = file.threads.map { thread in
            let name = file.string(thread.name) ?? ""
            return name.isEmpty ? "thread \(thread.systemID)" : name
        }
        threadIDs = file.threads.map(\.systemID)
    }

    /// The identifier of probe `index`.
    func probe(_ index: UInt32) -> String {
        Int(index) < probes.count ? probes[Int(index)] : "probe \(index)"
    }

    /// The name of thread `index`.
    func thread(_ index: UInt16) -> String {
        Int(index) < threads.count ? threads[Int(index)] : "thread #\(index)"
    }

    /// The system id of thread `index`, or the index itself when unknown.
    func threadID(_ index: UInt16) -> UInt64 {
        Int(index) < threadIDs.count ? threadIDs[Int(index)] : UInt64(index)
    }
}

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
        case .string: return JSONText.quoted(file.string(UInt32(truncatingIfNeeded: record.value)) ?? "")
        case .disposalReason:
            return JSONText.quoted(TraceDisposalReason(rawValue: record.value).map { "\($0)" } ?? "unknown")
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
