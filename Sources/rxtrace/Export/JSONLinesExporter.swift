import RxTraceFormat

/// One JSON object per record: `{"t":…,"thread":…,"probe":…,"subscription":…,"event":…,"value":…}`.
///
/// `t` is nanoseconds since the trace started; `value` is the element (a number, Boolean or
/// text), the error's description, the disposal reason, or `null`.
struct JSONLinesExporter: TraceExporter {
    let file: TraceFile
    let output: BufferedOutput
    private let names: TraceNames
    private let quotedProbes: [String]
    private let quotedThreads: [String]

    init(file: TraceFile, output: BufferedOutput) {
        self.file = file
        self.output = output
        names = TraceNames(file)
        quotedProbes = names.probes.map(JSONText.quoted)
        quotedThreads = names.threads.map(JSONText.quoted)
    }

    func begin() throws {}

    func add(_ record: TraceRecord) throws {
        let probe = Int(record.probe) < quotedProbes.count ? quotedProbes[Int(record.probe)] : JSONText.quoted(names.probe(record.probe))
        let thread = Int(record.thread) < quotedThreads.count ? quotedThreads[Int(record.thread)] : JSONText.quoted(names.thread(record.thread))
        try output.write(
            "{\"t\":\(record.timestamp),\"thread\":\(thread),\"probe\":\(probe),\"subscription\":\(record.subscription),"
                + "\"event\":\"\(record.kind.exportName)\",\"value\":\(RecordValueJSON.text(record, in: file))}\n"
        )
    }

    func end() throws {}
}
