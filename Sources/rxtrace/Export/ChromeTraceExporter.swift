import RxTraceFormat

/// The Chrome trace event format (JSON object form), as Perfetto and chrome://tracing read it.
///
/// - Subscriptions are async slices (`"ph":"b"` at `subscribed`, `"ph":"e"` at `disposed`, with
///   the subscription as the id and the probe as the name), because Rx subscriptions overlap
///   without nesting, which complete events on a thread track cannot show; ones still open at
///   the end run to the dump time. Perfetto puts each probe's slices on a track of their own.
/// - `next`, `error` and `completed` are thread-scoped instant events (`"ph":"i"`).
/// - Each mark is a global instant and a point of the `Resources.total` counter (`"ph":"C"`).
/// - Process and thread names are metadata events (`"ph":"M"`).
///
/// Timestamps are microseconds (with fractions) since the trace started.
final class ChromeTraceExporter: TraceExporter {
    private let file: TraceFile
    private let output: BufferedOutput
    private let names: TraceNames
    /// Each probe's name as a JSON string, quoted once per file.
    private let quotedProbes: [String]
    private let pid: Int32
    private var first = true
    /// Subscriptions whose `b` event was written and whose `e` was not: their probe.
    private var begun: [UInt64: UInt32] = [:]
    /// Subscriptions open at the dump, from the file's table, until their `b` is written.
    private var openAtDump: [UInt64: TraceOpenSubscription] = [:]

    init(file: TraceFile, output: BufferedOutput) {
        self.file = file
        self.output = output
        names = TraceNames(file)
        quotedProbes = names.probes.map(JSONText.quoted)
        pid = file.header.processID
    }

    private static func microseconds(_ nanoseconds: UInt64) -> String {
        let whole = nanoseconds / 1000
        let fraction = nanoseconds % 1000
        return fraction == 0 ? String(whole) : "\(whole).\(String(fraction + 1000).dropFirst())"
    }

    private func event(_ body: String) throws {
        try output.write(first ? "\n" + body : ",\n" + body)
        first = false
    }

    func begin() throws {
        try output.write("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"rxtrace\",\"process\":\(JSONText.quoted(file.header.processName))},\"traceEvents\":[")
        try event("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"name\":\(JSONText.quoted(file.header.processName))}}")
        for index in file.threads.indices {
            let thread = UInt16(index)
            try event("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(names.threadID(thread)),\"args\":{\"name\":\(JSONText.quoted(names.thread(thread)))}}")
        }
        for mark in file.marks {
            let label = JSONText.quoted(file.string(mark.label) ?? "")
            let ts = Self.microseconds(mark.timestamp)
            try event("{\"name\":\(label),\"cat\":\"mark\",\"ph\":\"i\",\"s\":\"g\",\"ts\":\(ts),\"pid\":\(pid),\"tid\":\(names.threadID(mark.thread))}")
            // A program built without the TraceResources trait marks no count (-1): no point.
            if mark.resourcesTotal >= 0 {
                try event("{\"name\":\"Resources.total\",\"ph\":\"C\",\"ts\":\(ts),\"pid\":\(pid),\"args\":{\"total\":\(mark.resourcesTotal)}}")
            }
        }
        for entry in file.openSubscriptions {
            openAtDump[entry.subscription] = entry
        }
    }

    func add(_ record: TraceRecord) throws {
        switch record.kind {
        case .subscribed:
            openAtDump.removeValue(forKey: record.subscription)
            if let probe = begun[record.subscription] {
                // The same id twice (a damaged file): end the first slice before the second.
                try asyncSlice("e", subscription: record.subscription, probe: probe, at: record.timestamp, thread: record.thread, isOpen: false)
            }
            try asyncSlice("b", subscription: record.subscription, probe: record.probe, at: record.timestamp, thread: record.thread, isOpen: false)
            begun[record.subscription] = record.probe
        case .disposed:
            if let probe = begun.removeValue(forKey: record.subscription) {
                try asyncSlice("e", subscription: record.subscription, probe: probe, at: record.timestamp, thread: record.thread, isOpen: false)
            } else {
                // Its start was lost when the ring buffer overflowed: a slice of no length.
                try asyncSlice("b", subscription: record.subscription, probe: record.probe, at: record.timestamp, thread: record.thread, isOpen: false)
                try asyncSlice("e", subscription: record.subscription, probe: record.probe, at: record.timestamp, thread: record.thread, isOpen: false)
            }
            try instant(record)
        case .next, .error, .completed:
            try instant(record)
        }
    }

    private func instant(_ record: TraceRecord) throws {
        try event(
            "{\"name\":\"\(record.kind.exportName)\",\"cat\":\(quotedProbe(record.probe)),\"ph\":\"i\",\"s\":\"t\","
                + "\"ts\":\(Self.microseconds(record.timestamp)),\"pid\":\(pid),\"tid\":\(names.threadID(record.thread)),"
                + "\"args\":{\"subscription\":\(record.subscription),\"value\":\(RecordValueJSON.text(record, in: file))}}"
        )
    }

    private func quotedProbe(_ probe: UInt32) -> String {
        Int(probe) < quotedProbes.count ? quotedProbes[Int(probe)] : JSONText.quoted(names.probe(probe))
    }

    /// One end of a subscription's async slice: `phase` is `b` or `e`.
    private func asyncSlice(_ phase: String, subscription: UInt64, probe: UInt32, at timestamp: UInt64, thread: UInt16, isOpen: Bool) throws {
        try event(
            "{\"name\":\(quotedProbe(probe)),\"cat\":\"subscription\",\"ph\":\"\(phase)\",\"id\":\"0x\(String(subscription, radix: 16))\","
                + "\"ts\":\(Self.microseconds(timestamp)),\"pid\":\(pid),\"tid\":\(names.threadID(thread)),"
                + "\"args\":{\"subscription\":\(subscription),\"open\":\(isOpen)}}"
        )
    }

    func end() throws {
        let dump = file.header.dumpTimestamp
        for entry in openAtDump.values.sorted(by: { $0.subscription < $1.subscription }) where begun[entry.subscription] == nil {
            try asyncSlice("b", subscription: entry.subscription, probe: entry.probe, at: entry.subscribedAt, thread: entry.thread, isOpen: true)
            begun[entry.subscription] = entry.probe
        }
        for (subscription, probe) in begun.sorted(by: { $0.key < $1.key }) {
            try asyncSlice("e", subscription: subscription, probe: probe, at: dump, thread: 0, isOpen: true)
        }
        try output.write("\n]}\n")
    }
}
