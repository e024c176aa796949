import RxTraceFormat

/// The Chrome trace event format (JSON object form), as Perfetto and chrome://tracing read it.
///
/// - Subscriptions are complete events (`"ph":"X"`) on the thread that subscribed, from
///   `subscribed` to `disposed`; ones still open at the end run to the dump time.
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
    private var open: [UInt64: (start: UInt64, thread: UInt16, probe: UInt32)] = [:]

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
            try event("{\"name\":\"Resources.total\",\"ph\":\"C\",\"ts\":\(ts),\"pid\":\(pid),\"args\":{\"total\":\(mark.resourcesTotal)}}")
        }
        for entry in file.openSubscriptions {
            open[entry.subscription] = (entry.subscribedAt, entry.thread, entry.probe)
        }
    }

    func add(_ record: TraceRecord) throws {
        switch record.kind {
        case .subscribed:
            open[record.subscription] = (record.timestamp, record.thread, record.probe)
        case .disposed:
            let start = open.removeValue(forKey: record.subscription) ?? (record.timestamp, record.thread, record.probe)
            try span(subscription: record.subscription, start: start.start, end: record.timestamp, thread: start.thread, probe: start.probe, isOpen: false)
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

    private func span(subscription: UInt64, start: UInt64, end: UInt64, thread: UInt16, probe: UInt32, isOpen: Bool) throws {
        let duration = end >= start ? end - start : 0
        try event(
            "{\"name\":\(quotedProbe(probe)),\"cat\":\"subscription\",\"ph\":\"X\","
                + "\"ts\":\(Self.microseconds(start)),\"dur\":\(Self.microseconds(duration)),\"pid\":\(pid),\"tid\":\(names.threadID(thread)),"
                + "\"args\":{\"subscription\":\(subscription),\"open\":\(isOpen)}}"
        )
    }

    func end() throws {
        for (subscription, entry) in open.sorted(by: { $0.key < $1.key }) {
            try span(subscription: subscription, start: entry.start, end: file.header.dumpTimestamp, thread: entry.thread, probe: entry.probe, isOpen: true)
        }
        try output.write("\n]}\n")
    }
}
