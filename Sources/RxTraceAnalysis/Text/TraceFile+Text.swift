import RxTraceFormat

extension TraceFile {
    /// The text at `index` in the string table, or `<string N>` when the table has no such
    /// entry (a damaged or hand-made trace), so that a report never fails on it.
    public func text(_ index: UInt32) -> String {
        string(index) ?? "<string \(index)>"
    }

    /// The identifier of the probe at `index`, or `<probe N>` when there is no such probe.
    public func probeIdentifier(_ index: UInt32) -> String {
        let position = Int(index)
        guard position < probes.count else { return "<probe \(index)>" }
        return text(probes[position].identifier)
    }

    /// The name of the thread at `index`; `thread <system ID>` when it is unnamed, and
    /// `<thread N>` when there is no such thread.
    public func threadName(_ index: UInt16) -> String {
        let position = Int(index)
        guard position < threads.count else { return "<thread \(index)>" }
        let thread = threads[position]
        let name = text(thread.name)
        return name.isEmpty ? "thread \(thread.systemID)" : name
    }

    /// A record's value as text: numbers and Booleans as Swift prints them, texts from the
    /// string table, disposal reasons by name (`completed`, `errored`, `early`, `unknown`), and
    /// the empty string when the record has no value.
    public func valueText(of record: TraceRecord) -> String {
        switch record.valueKind {
        case .none:
            return ""
        case .int:
            return String(Int64(bitPattern: record.value))
        case .uint:
            return String(record.value)
        case .double:
            return String(Double(bitPattern: record.value))
        case .bool:
            return record.value == 0 ? "false" : "true"
        case .string:
            guard let index = UInt32(exactly: record.value) else { return "<string \(record.value)>" }
            return text(index)
        case .disposalReason:
            switch TraceDisposalReason(rawValue: record.value) {
            case .unknown: return "unknown"
            case .completed: return "completed"
            case .errored: return "errored"
            case .early: return "early"
            case nil: return "<reason \(record.value)>"
            }
        }
    }
}
