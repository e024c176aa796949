import ArgumentParser
import Foundation
import RxTraceFormat

/// `rxtrace export`: converts a trace for other tools.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to Perfetto's protobuf format, Chrome trace JSON, OpenTelemetry (OTLP) or JSON Lines.",
        discussion: """
            perfetto: Perfetto's native protobuf trace, streamed; about a third of the size of \
            the JSON. Each probe is a track with one lane per subscription open at the same \
            time; a subscription is a slice from subscribe to dispose, its events are instants \
            inside it; marks are instants and points of a Resources.total counter. Open it at \
            https://ui.perfetto.dev. Prefer it for large traces.

            chrome: Chrome's trace-event JSON (chrome://tracing, Perfetto). Each subscription is \
            an async slice (b/e, id = subscription) named after its probe, so subscriptions \
            that overlap without nesting are drawn correctly; events are instants on the \
            thread that sent them, and each mark adds a point to a Resources.total counter.

            otlp: OpenTelemetry traces in OTLP/JSON (ExportTraceServiceRequest): one span per \
            subscription through a probe (an error sets the span's status and adds an exception \
            event; elements are span events), children of one span for the whole trace whose \
            events are the marks with their resource counts; the process is the resource \
            (service.name from --service-name or the program's name). Ids are stable for the \
            same file. With -o (or on standard output), one request per line, as a collector's \
            otlpjsonfile receiver reads; with --endpoint, posted to an OTLP/HTTP collector in \
            batches, retrying 429, 502, 503 and 504, failed connections and attempts that \
            ran out of time. Each attempt ends after --request-timeout seconds (30 by default) \
            and the whole export after --timeout seconds (600 by default), whatever the \
            collector or the resolver of its name does; an attempt whose answer was lost is sent again with the same span \
            ids. A collector's partialSuccess (spans rejected from an accepted request) is \
            reported with the count and its message, and the export exits 1.

            jsonl: one JSON object per record, in time order, for scripts:
              {"t":1234,"thread":"main","probe":"search","subscription":3,"event":"next","value":42}

            A truncated or damaged trace is exported from what could be read (a whole file in \
            its format), with a warning, and exits 3 as `rxtrace report` does, unless \
            --allow-partial is given.

            EXIT STATUS
              0    exported
              1    the OTLP collector refused a request, rejected spans (partialSuccess), \
            could not be reached or did not answer in time
              2    the trace or the output cannot be used
              3    the trace is truncated or damaged: the export holds what could be read (0 \
            with --allow-partial)
              64   a usage error: an unknown option or a bad value
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case perfetto
        case chrome
        case otlp
        case jsonl
    }

    @Argument(help: ArgumentHelp("The trace file.", valueName: "file"))
    var file: String

    @Option(name: .shortAndLong, help: "The output format: perfetto, chrome, otlp or jsonl.")
    var format: Format

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write; standard output when omitted or -.", valueName: "out"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "otlp: post to this OTLP/HTTP collector (http://host:4318 or its /v1/traces URL) instead of writing.", valueName: "url"))
    var endpoint: String?

    @Option(help: ArgumentHelp("otlp: the service.name of the resource; the traced program's name when omitted.", valueName: "name"))
    var serviceName: String?

    @Option(help: ArgumentHelp("otlp: an HTTP header for the collector, such as an API key; repeatable.", valueName: "name=value"))
    var header: [String] = []

    /// The ranges of the numeric options, for their help and their validation.
    static let batchSizeRange = OptionRange(name: "--batch-size", bounds: 1...100_000)
    static let maxSpanEventsRange = OptionRange(name: "--max-span-events", bounds: 0...100_000)
    static let attemptsRange = OptionRange(name: "--attempts", bounds: 1...100)
    static let requestTimeoutRange = OptionRange(name: "--request-timeout", bounds: 0.1...3600.0)
    static let timeoutRange = OptionRange(name: "--timeout", bounds: 0.1...86400.0)

    @Option(parsing: .unconditional, help: ArgumentHelp("otlp: the most spans in one request (1 to 100000).", valueName: "n"))
    var batchSize: Int = 1000

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("otlp: the most events kept per span, 0 to 100000; the rest are counted as dropped.", valueName: "n"))
    var maxSpanEvents: Int = 128

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("otlp with --endpoint: attempts per request before giving up (1 to 100).", valueName: "n"))
    var attempts: Int = 5

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "otlp with --endpoint: the most one attempt may take, connecting to the end of the answer (0.1 to 3600).",
            valueName: "seconds"))
    var requestTimeout: Double = 30

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "otlp with --endpoint: the most the whole export may take, retries included (0.1 to 86400).", valueName: "seconds"))
    var timeout: Double = 600

    @Flag(help: "Exit 0 after exporting a truncated or damaged trace (the export still holds only what could be read).")
    var allowPartial = false

    func validate() throws {
        if format != .otlp {
            for (name, given) in [("--endpoint", endpoint != nil), ("--service-name", serviceName != nil), ("--header", !header.isEmpty)]
            where given {
                throw ValidationError("\(name) applies to --format otlp only")
            }
        }
        if endpoint != nil, output != nil {
            throw ValidationError("give either --endpoint or --output, not both")
        }
        try Self.batchSizeRange.check(batchSize)
        try Self.maxSpanEventsRange.check(maxSpanEvents)
        try Self.attemptsRange.check(attempts)
        try Self.requestTimeoutRange.check(seconds: requestTimeout)
        try Self.timeoutRange.check(seconds: timeout)
        for entry in header where !entry.contains("=") || entry.hasPrefix("=") || entry.contains(where: \.isNewline) {
            throw ValidationError("--header \(entry): expected name=value on one line")
        }
    }

    func run() throws {
        let reader = try TraceInput.open(file)
        let sink: (any OTLPRequestSink)? = try endpoint.map { endpoint in
            let headers = header.map { entry -> (String, String) in
                let parts = entry.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            return try OTLPHTTPSink(
                endpoint: endpoint, headers: headers, attempts: attempts, requestTimeout: requestTimeout, exportTimeout: timeout)
        }
        let out = try BufferedOutput(path: sink == nil ? output : "-")
        var damaged = false
        do {
            let exporter: any TraceExporter =
                switch format {
                case .perfetto: PerfettoExporter(file: reader.file, output: out)
                case .chrome: ChromeTraceExporter(file: reader.file, output: out)
                case .otlp:
                    OTLPExporter(
                        file: reader.file,
                        serviceName: serviceName,
                        batchSize: batchSize,
                        maxEventsPerSpan: maxSpanEvents,
                        toolVersion: RxTraceCommand.configuration.version,
                        sink: sink ?? OTLPFileSink(output: out)
                    )
                case .jsonl: JSONLinesExporter(file: reader.file, output: out)
                }
            try exporter.begin()
            var read: UInt64 = 0
            let failure = try TraceInput.forEachRecord(of: reader) { record in
                try exporter.add(record)
                read += 1
            }
            try exporter.end()
            try out.close()
            if let failure {
                PartialRead.warn(path: file, error: failure, recordsRead: read)
                damaged = true
            }
        } catch {
            out.discard()
            throw error
        }
        // As `report`: the export is written, but a damaged trace never exits 0 unasked.
        let status = ReportCommand.exitStatus(partial: damaged, allowPartial: allowPartial)
        if status != 0 { throw ExitCode(status) }
    }
}

/// Writes a trace in another format, record by record.
protocol TraceExporter {
    /// Writes what comes before the records.
    func begin() throws
    /// Writes one record.
    func add(_ record: TraceRecord) throws
    /// Writes what comes after the records.
    func end() throws
}
