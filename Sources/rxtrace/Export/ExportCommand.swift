import ArgumentParser
import Foundation
import RxTraceFormat

/// `rxtrace export`: converts a trace for other tools.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to Perfetto's protobuf format, Chrome trace JSON or JSON Lines.",
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

            jsonl: one JSON object per record, in time order, for scripts:
              {"t":1234,"thread":"main","probe":"search","subscription":3,"event":"next","value":42}
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case perfetto
        case chrome
        case jsonl
    }

    @Argument(help: ArgumentHelp("The trace file.", valueName: "file"))
    var file: String

    @Option(name: .shortAndLong, help: "The output format: perfetto, chrome or jsonl.")
    var format: Format

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write; standard output when omitted or -.", valueName: "out"))
    var output: String?

    func run() throws {
        let reader = try TraceInput.open(file)
        let out = try BufferedOutput(path: output)
        do {
            let exporter: any TraceExporter = switch format {
            case .perfetto: PerfettoExporter(file: reader.file, output: out)
            case .chrome: ChromeTraceExporter(file: reader.file, output: out)
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
            }
        } catch {
            out.discard()
            throw error
        }
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
