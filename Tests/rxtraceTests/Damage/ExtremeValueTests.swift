import Foundation
import RxTraceAnalysis
import RxTraceFormat
import TestSupport
import Testing

@testable import rxtrace

/// Valid traces full of extreme numbers (their checksums right, so the values reach the
/// analysis): every command and format must finish without trapping.
@Suite("extreme values in valid traces")
struct ExtremeValueTests {
    /// A mark total near `Int64.max`, the case that crashed the HTML report.
    private static func hugeTotals() -> (file: TraceFile, records: [TraceRecord]) {
        var trace = SmallTrace.clean()
        trace.file.marks[0].resourcesTotal = .max
        trace.file.marks[1].resourcesTotal = .min
        trace.file.marks[2].resourcesTotal = .max - 1
        trace.file.marks[2].types = [TraceTypeCount(name: 6, count: .max), TraceTypeCount(name: 6, count: .max)]
        trace.records[0].timestamp = .max
        trace.records[1].subscription = .max
        trace.file.header.dumpTimestamp = 0
        trace.file.probeTotals?[0].next = .max
        return trace
    }

    @Test("through the built executable: report in every format, check, export and diff finish without a crash")
    func commandsDoNotTrap() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let rxtrace = try BuiltProgram.named("rxtrace")
        var random = SplitMix64(seed: 6)
        var traces = [Self.hugeTotals()]
        for _ in 0..<3 {
            traces.append(SmallTrace.extreme(&random))
        }
        var paths: [String] = []
        for (index, trace) in traces.enumerated() {
            let path = folder.file("extreme-\(index).rxtrace")
            try SmallTrace.bytes(trace, in: folder).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        for path in paths {
            var runs: [[String]] = [["check", path], ["check", path, "--strict"]]
            for format in ["text", "json", "html", "marbles"] {
                runs.append(["report", path, "--format", format, "--width", "20"])
            }
            runs.append(["export", path, "-f", "jsonl", "-o", folder.file("out.jsonl")])
            runs.append(["export", path, "-f", "chrome", "-o", folder.file("out.json")])
            runs.append(["diff", paths[0], path])
            for arguments in runs {
                let result = try await rxtrace.run(arguments)
                #expect(result.status < 4, "\(arguments.joined(separator: " ")): status \(result.status) \(result.error)")
            }
        }
        let html = try await rxtrace.run(["report", paths[0], "--format", "html"])
        #expect(html.status == 0)
        #expect(html.output.contains(String(Int64.max)))
    }

    @Test("300 seeded extreme traces in process: summary, JSON, text, HTML, marbles, leak verdict and diff")
    func seededSweep() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var random = SplitMix64(seed: 2026)
        let path = folder.file("extreme.rxtrace")
        var previous: ResourceCounts?
        for _ in 0..<300 {
            let trace = SmallTrace.extreme(&random)
            try SmallTrace.store(SmallTrace.bytes(trace, in: folder), at: path)
            let warmUp = Int.random(in: 1...3, using: &random)
            let reading = try TraceReading(
                path: path,
                options: TraceSummary.Options(warmUpMarks: warmUp, allowedGrowth: Int.random(in: 0...2, using: &random)),
                marbles: true
            )
            #expect(reading.partial == nil)
            _ = try reading.summary.jsonData()
            _ = TextReport(summary: reading.summary, path: path, partial: nil, style: TerminalStyle(enabled: false)).text
            _ = HTMLReport(summary: reading.summary, diagrams: reading.diagrams, title: path).html
            _ = MarbleReport(diagrams: reading.diagrams, width: Int.random(in: 20...120, using: &random)).text
            _ = reading.summary.leak.summary
            if !trace.file.marks.isEmpty {
                let counts = try ResourceCounts(path: path, label: nil)
                if let previous {
                    _ = ResourceDiff(before: previous, after: counts).text
                }
                previous = counts
            }
        }
    }
}
