import RxTraceFormat

/// Where OTLP export requests go: a file of JSON lines, or a collector over HTTP.
protocol OTLPRequestSink {
    /// Delivers one `ExportTraceServiceRequest` (OTLP/JSON) holding `spans` spans.
    func send(_ request: String, spans: Int) throws
    /// Called once after the last request.
    func finish() throws
}

/// A trace as OpenTelemetry traces in OTLP/JSON (`ExportTraceServiceRequest`), in batches of at
/// most `batchSize` spans: one span for the whole trace, with the marks as its events, and one
/// child span per subscription through a probe (``OTLPSpanBuilder``). The process is the
/// resource: `service.name`, `process.pid`, `process.executable.name`.
final class OTLPExporter: TraceExporter {
    private let file: TraceFile
    private let serviceName: String
    private let batchSize: Int
    private let sink: any OTLPRequestSink
    private var builder: OTLPSpanBuilder
    private var batch: [String] = []
    /// The part of every request before its spans, and after them.
    private let prefix: String
    private static let suffix = "]}]}]}"

    /// How many spans were handed to the sink.
    private(set) var spansSent = 0
    /// How many requests were handed to the sink.
    private(set) var requestsSent = 0

    init(file: TraceFile, serviceName: String?, batchSize: Int, maxEventsPerSpan: Int, toolVersion: String, sink: any OTLPRequestSink) {
        self.file = file
        let service = serviceName ?? file.header.processName
        self.serviceName = service
        self.batchSize = max(1, batchSize)
        self.sink = sink
        builder = OTLPSpanBuilder(file: file, ids: OTLPIdentifiers(header: file.header), maxEventsPerSpan: maxEventsPerSpan)
        let resource = [
            OTLPJSON.attribute("service.name", OTLPJSON.string(service)),
            OTLPJSON.attribute("process.pid", OTLPJSON.int(Int64(file.header.processID))),
            OTLPJSON.attribute("process.executable.name", OTLPJSON.string(file.header.processName)),
        ]
        prefix =
            "{\"resourceSpans\":[{\"resource\":{\"attributes\":[\(resource.joined(separator: ","))]},"
            + "\"scopeSpans\":[{\"scope\":{\"name\":\"rxtrace\",\"version\":\(JSONText.quoted(toolVersion))},\"spans\":["
    }

    private func add(span: String) throws {
        batch.append(span)
        if batch.count >= batchSize { try flush() }
    }

    private func flush() throws {
        guard !batch.isEmpty else { return }
        try sink.send(prefix + batch.joined(separator: ",") + Self.suffix, spans: batch.count)
        spansSent += batch.count
        requestsSent += 1
        batch.removeAll(keepingCapacity: true)
    }

    func begin() throws {
        try add(span: builder.rootSpan(serviceName: serviceName))
    }

    func add(_ record: TraceRecord) throws {
        try builder.add(record) { try add(span: $0) }
    }

    func end() throws {
        try builder.finishAll { try add(span: $0) }
        try flush()
        try sink.finish()
    }
}

/// Requests as JSON Lines, one `ExportTraceServiceRequest` a line: what an OpenTelemetry
/// collector's `otlpjsonfile` receiver reads.
struct OTLPFileSink: OTLPRequestSink {
    let output: BufferedOutput

    func send(_ request: String, spans: Int) throws {
        try output.write(request)
        try output.write("\n")
    }

    func finish() throws {}
}
