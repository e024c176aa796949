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
///
/// The events of records are formatted straight into the output's buffer (``ByteCursor``),
/// with the probes' names and the texts quoted once per file: no `String` per record.
final class ChromeTraceExporter: TraceExporter {
    private let file: TraceFile
    private let output: BufferedOutput
    private let names: TraceNames
    // `@exclusivity(unchecked)` on the state records touch: an exporter is used by one thread,
    // and the run-time exclusivity checks would cost every record a call per access.
    /// Each probe's name as a JSON string, quoted once per file.
    @exclusivity(unchecked) private var probes: QuotedStrings
    @exclusivity(unchecked) private var values: RecordValueWriter
    private let pid: Int32
    @exclusivity(unchecked) private var first = true
    /// Subscriptions whose `b` event was written and whose `e` was not: their probe.
    @exclusivity(unchecked) private var begun: [UInt64: UInt32] = [:]
    /// Subscriptions open at the dump, from the file's table, until their `b` is written.
    @exclusivity(unchecked) private var openAtDump: [UInt64: TraceOpenSubscription] = [:]

    init(file: TraceFile, output: BufferedOutput) {
        self.file = file
        self.output = output
        names = TraceNames(file)
        probes = QuotedStrings(quotingNow: names.probes)
        values = RecordValueWriter(file: file)
        pid = file.header.processID
    }

    /// The bytes of an event besides its probe's name and its value: the keys and
    /// punctuation (at most 110), the separator before it, four numbers of at most 22 bytes,
    /// and some to spare.
    private static let fixedBound = 256

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
        try output.write(
            "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"rxtrace\",\"process\":\(JSONText.quoted(file.header.processName))},\"traceEvents\":["
        )
        try event(
            "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"name\":\(JSONText.quoted(file.header.processName))}}"
        )
        for index in file.threads.indices {
            let thread = UInt16(index)
            try event(
                "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(names.threadID(thread)),\"args\":{\"name\":\(JSONText.quoted(names.thread(thread)))}}"
            )
        }
        for mark in file.marks {
            let label = JSONText.quoted(file.string(mark.label) ?? "")
            let ts = Self.microseconds(mark.timestamp)
            try event(
                "{\"name\":\(label),\"cat\":\"mark\",\"ph\":\"i\",\"s\":\"g\",\"ts\":\(ts),\"pid\":\(pid),\"tid\":\(names.threadID(mark.thread))}"
            )
            // A program built without the TraceResources trait marks no count (-1): no point.
            if mark.resourcesTotal >= 0 {
                try event(
                    "{\"name\":\"Resources.total\",\"ph\":\"C\",\"ts\":\(ts),\"pid\":\(pid),\"args\":{\"total\":\(mark.resourcesTotal)}}")
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
                try asyncSlice(
                    "e", subscription: record.subscription, probe: probe, at: record.timestamp, thread: record.thread, isOpen: false)
            }
            try asyncSlice(
                "b", subscription: record.subscription, probe: record.probe, at: record.timestamp, thread: record.thread, isOpen: false)
            begun[record.subscription] = record.probe
        case .disposed:
            if let probe = begun.removeValue(forKey: record.subscription) {
                try asyncSlice(
                    "e", subscription: record.subscription, probe: probe, at: record.timestamp, thread: record.thread, isOpen: false)
            } else {
                // Its start was lost when the ring buffer overflowed: a slice of no length.
                try asyncSlice(
                    "b", subscription: record.subscription, probe: record.probe, at: record.timestamp, thread: record.thread, isOpen: false)
                try asyncSlice(
                    "e", subscription: record.subscription, probe: record.probe, at: record.timestamp, thread: record.thread, isOpen: false)
            }
            try instant(record)
        case .next, .error, .completed:
            try instant(record)
        }
    }

    private func instant(_ record: TraceRecord) throws {
        let probe = Int(record.probe)
        guard probe < probes.count else {
            return try event(
                "{\"name\":\"\(record.kind.exportName)\",\"cat\":\(JSONText.quoted(names.probe(record.probe))),\"ph\":\"i\",\"s\":\"t\","
                    + "\"ts\":\(Self.microseconds(record.timestamp)),\"pid\":\(pid),\"tid\":\(names.threadID(record.thread)),"
                    + "\"args\":{\"subscription\":\(record.subscription),\"value\":\(RecordValueJSON.text(record, in: file))}}"
            )
        }
        var cursor = try output.reserve(Self.fixedBound + probes.quotedCount(probe) + values.bound(record))
        separator(&cursor)
        cursor.literal("{\"name\":\"")
        cursor.literal(record.kind.exportLiteral)
        cursor.literal("\",\"cat\":")
        probes.write(probe, to: &cursor)
        cursor.literal(",\"ph\":\"i\",\"s\":\"t\",\"ts\":")
        cursor.microseconds(record.timestamp)
        cursor.literal(",\"pid\":")
        cursor.decimal(Int64(pid))
        cursor.literal(",\"tid\":")
        cursor.decimal(names.threadID(record.thread))
        cursor.literal(",\"args\":{\"subscription\":")
        cursor.decimal(record.subscription)
        cursor.literal(",\"value\":")
        values.write(record, to: &cursor)
        cursor.literal("}}")
        try output.commit(cursor)
    }

    /// What goes before an event: a newline, after a comma unless it is the first.
    @inline(__always)
    private func separator(_ cursor: inout ByteCursor) {
        if first {
            first = false
        } else {
            cursor.byte(UInt8(ascii: ","))
        }
        cursor.byte(UInt8(ascii: "\n"))
    }

    /// One end of a subscription's async slice: `phase` is `b` or `e`.
    private func asyncSlice(
        _ phase: StaticString, subscription: UInt64, probe: UInt32, at timestamp: UInt64, thread: UInt16, isOpen: Bool
    ) throws {
        let index = Int(probe)
        guard index < probes.count else {
            return try event(
                "{\"name\":\(JSONText.quoted(names.probe(probe))),\"cat\":\"subscription\",\"ph\":\"\(phase)\",\"id\":\"0x\(String(subscription, radix: 16))\","
                    + "\"ts\":\(Self.microseconds(timestamp)),\"pid\":\(pid),\"tid\":\(names.threadID(thread)),"
                    + "\"args\":{\"subscription\":\(subscription),\"open\":\(isOpen)}}"
            )
        }
        var cursor = try output.reserve(Self.fixedBound + probes.quotedCount(index))
        separator(&cursor)
        cursor.literal("{\"name\":")
        probes.write(index, to: &cursor)
        cursor.literal(",\"cat\":\"subscription\",\"ph\":\"")
        cursor.literal(phase)
        cursor.literal("\",\"id\":\"0x")
        cursor.hexadecimal(subscription)
        cursor.literal("\",\"ts\":")
        cursor.microseconds(timestamp)
        cursor.literal(",\"pid\":")
        cursor.decimal(Int64(pid))
        cursor.literal(",\"tid\":")
        cursor.decimal(names.threadID(thread))
        cursor.literal(",\"args\":{\"subscription\":")
        cursor.decimal(subscription)
        if isOpen {
            cursor.literal(",\"open\":true}}")
        } else {
            cursor.literal(",\"open\":false}}")
        }
        try output.commit(cursor)
    }

    func end() throws {
        let dump = file.header.dumpTimestamp
        for entry in openAtDump.values.sorted(by: { $0.subscription < $1.subscription }) where begun[entry.subscription] == nil {
            try asyncSlice(
                "b", subscription: entry.subscription, probe: entry.probe, at: entry.subscribedAt, thread: entry.thread, isOpen: true)
            begun[entry.subscription] = entry.probe
        }
        for (subscription, probe) in begun.sorted(by: { $0.key < $1.key }) {
            try asyncSlice("e", subscription: subscription, probe: probe, at: dump, thread: 0, isOpen: true)
        }
        try output.write("\n]}\n")
    }
}
