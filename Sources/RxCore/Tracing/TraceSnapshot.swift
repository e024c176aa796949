public import RxTraceFormat

/// A consistent copy of a trace at one moment: its metadata and its records in time order.
///
/// What ``Trace/snapshot()`` returns and what a trace file holds.
public struct TraceSnapshot: Sendable {
    /// The header and the tables records refer to.
    public var file: TraceFile
    /// The records, oldest first; timestamps in nanoseconds since the trace started.
    public var records: [TraceRecord]

    /// Creates a snapshot from its parts.
    public init(file: TraceFile, records: [TraceRecord]) {
        self.file = file
        self.records = records
    }

    /// The indices of the probes whose identifier is `identifier`.
    public func probes(named identifier: String) -> [UInt32] {
        file.probes.indices.filter { file.string(file.probes[$0].identifier) == identifier }.map { UInt32($0) }
    }

    /// The records of the probes named `identifier`, oldest first.
    public func records(ofProbe identifier: String) -> [TraceRecord] {
        let wanted = Set(probes(named: identifier))
        return records.filter { wanted.contains($0.probe) }
    }

    /// The text of a record's value: the number, the Boolean, the description or the disposal
    /// reason; `nil` for records without a value.
    public func valueText(of record: TraceRecord) -> String? {
        switch record.valueKind {
        case .none: return nil
        case .int: return String(Int64(bitPattern: record.value))
        case .uint: return String(record.value)
        case .double: return String(Double(bitPattern: record.value))
        case .bool: return record.value == 0 ? "false" : "true"
        case .string: return file.string(UInt32(truncatingIfNeeded: record.value))
        case .disposalReason:
            return TraceDisposalReason(rawValue: record.value).map { "\($0)" } ?? "unknown"
        }
    }
}
