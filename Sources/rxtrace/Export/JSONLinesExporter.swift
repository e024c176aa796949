import RxTraceFormat

/// One JSON object per record: `{"t":…,"thread":…,"probe":…,"subscription":…,"event":…,"value":…}`.
///
/// `t` is nanoseconds since the trace started; `value` is the element (a number, Boolean or
/// text), the error's description, the disposal reason, or `null`.
///
/// Each line is formatted straight into the output's buffer (``ByteCursor``), with the names
/// and texts quoted once per file: no `String` per record.
final class JSONLinesExporter: TraceExporter {
    let file: TraceFile
    let output: BufferedOutput
    private let names: TraceNames
    // `@exclusivity(unchecked)`: an exporter is used by one thread, and the run-time
    // exclusivity checks would cost every record a call per access.
    @exclusivity(unchecked) private var probes: QuotedStrings
    @exclusivity(unchecked) private var threads: QuotedStrings
    @exclusivity(unchecked) private var values: RecordValueWriter

    /// The bytes of a line besides its names and value: the keys and punctuation (66), the
    /// event (10), two 20-digit numbers, and some to spare.
    private static let fixedBound = 128

    init(file: TraceFile, output: BufferedOutput) {
        self.file = file
        self.output = output
        names = TraceNames(file)
        probes = QuotedStrings(quotingNow: names.probes)
        threads = QuotedStrings(quotingNow: names.threads)
        values = RecordValueWriter(file: file)
    }

    func begin() throws {}

    func add(_ record: TraceRecord) throws {
        let probe = Int(record.probe)
        let thread = Int(record.thread)
        guard probe < probes.count, thread < threads.count else {
            return try addUnnamed(record)
        }
        let room = Self.fixedBound + probes.quotedCount(probe) + threads.quotedCount(thread) + values.bound(record)
        var cursor = try output.reserve(room)
        cursor.literal("{\"t\":")
        cursor.decimal(record.timestamp)
        cursor.literal(",\"thread\":")
        threads.write(thread, to: &cursor)
        cursor.literal(",\"probe\":")
        probes.write(probe, to: &cursor)
        cursor.literal(",\"subscription\":")
        cursor.decimal(record.subscription)
        cursor.literal(",\"event\":\"")
        cursor.literal(record.kind.exportLiteral)
        cursor.literal("\",\"value\":")
        values.write(record, to: &cursor)
        cursor.literal("}\n")
        try output.commit(cursor)
    }

    /// A record whose probe or thread is not in the file's tables (which the reader never
    /// returns): named as ``TraceNames`` names it, formatted as text.
    private func addUnnamed(_ record: TraceRecord) throws {
        let probe = JSONText.quoted(names.probe(record.probe))
        let thread = JSONText.quoted(names.thread(record.thread))
        try output.write(
            "{\"t\":\(record.timestamp),\"thread\":\(thread),\"probe\":\(probe),\"subscription\":\(record.subscription),"
                + "\"event\":\"\(record.kind.exportName)\",\"value\":\(RecordValueJSON.text(record, in: file))}\n"
        )
    }

    func end() throws {}
}
