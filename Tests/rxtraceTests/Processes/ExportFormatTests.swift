import Foundation
import RxTraceFormat
import TestSupport
import Testing

/// `rxtrace export --format perfetto` and `--format chrome` on a trace whose subscriptions
/// overlap without nesting, checked with the consumers' own parsers: Perfetto's official
/// generated code (through `scripts/validate-perfetto-trace`) and a JSON parser.
@Suite("rxtrace export: Perfetto protobuf and Chrome async slices", .offPool)
struct ExportFormatTests {
    /// Whether Python can import Perfetto's generated code.
    static let perfettoCanBeChecked = PythonModules.canImport("perfetto.protos.perfetto.trace.perfetto_trace_pb2")

    @Test(
        "export perfetto: parses with Perfetto's generated code; one lane per overlap, slices that nest, every event",
        .enabled(if: perfettoCanBeChecked, "needs Python with the perfetto and protobuf packages (pip install perfetto protobuf)")
    )
    func perfetto() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let out = folder.file("overlap.pftrace")
        let export = try await BuiltProgram.named("rxtrace").run(["export", trace, "--format", "perfetto", "-o", out])
        #expect(export.status == 0, "\(export.error)")
        let validator = BuiltProgram(path: RepositoryFiles.url("scripts/validate-perfetto-trace").path)
        let checked = try await validator.run([out])
        #expect(checked.status == 0, "\(checked.output) \(checked.error)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any])
        #expect(summary["problems"] as? [String] == [])
        #expect(summary["processTracks"] as? Int == 1)
        #expect(summary["counterTracks"] as? Int == 1)
        #expect(summary["counterValues"] as? [Int] == [10, 12])
        #expect(summary["probeTracks"] as? [String] == ["results", "search"])
        // Subscriptions 1, 2, 3, 5 and 6 are slices; 4's start was lost.
        #expect(summary["sliceBegins"] as? Int == 5)
        #expect(summary["sliceEnds"] as? Int == 5)
        // Lanes keep overlapping subscriptions apart, so no track ever has two open slices.
        #expect(summary["maxOpenPerTrack"] as? Int == 1)
        #expect(summary["instantNames"] as? [String: Int] == ["next": 3, "error": 1, "disposed": 1, "warm-up": 1, "iteration 1": 1])
    }

    @Test("export perfetto: the same input gives the same bytes, far fewer than the JSON")
    func perfettoIsStableAndSmall() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let rxtrace = try BuiltProgram.named("rxtrace")
        for name in ["a.pftrace", "b.pftrace"] {
            #expect(try await rxtrace.run(["export", trace, "-f", "perfetto", "-o", folder.file(name)]).status == 0)
        }
        #expect(try await rxtrace.run(["export", trace, "-f", "chrome", "-o", folder.file("c.json")]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.pftrace")))
        let second = try Data(contentsOf: URL(fileURLWithPath: folder.file("b.pftrace")))
        let json = try Data(contentsOf: URL(fileURLWithPath: folder.file("c.json")))
        #expect(!first.isEmpty)
        #expect(first == second)
        #expect(first.count * 3 < json.count)
    }

    @Test("export chrome: subscriptions are async slices, each begun once and ended once, in order")
    func chromeAsyncSlices() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let out = folder.file("overlap.json")
        let result = try await BuiltProgram.named("rxtrace").run(["export", trace, "-f", "chrome", "-o", out])
        #expect(result.status == 0, "\(result.error)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        #expect(!events.contains { $0["ph"] as? String == "X" })
        var begins: [String: Double] = [:]
        var ends: [String: Double] = [:]
        var openAtEnd = 0
        for event in events {
            guard let phase = event["ph"] as? String, phase == "b" || phase == "e" else { continue }
            let id = try #require(event["id"] as? String)
            let ts = try #require((event["ts"] as? NSNumber)?.doubleValue)
            #expect(event["cat"] as? String == "subscription")
            if phase == "b" {
                #expect(begins[id] == nil)
                begins[id] = ts
            } else {
                #expect(ends[id] == nil)
                ends[id] = ts
                if (event["args"] as? [String: Any])?["open"] as? Bool == true { openAtEnd += 1 }
            }
        }
        // Subscriptions 1 to 6, 4 as a slice of no length at its disposal.
        #expect(Set(begins.keys) == ["0x1", "0x2", "0x3", "0x4", "0x5", "0x6"])
        #expect(Set(ends.keys) == Set(begins.keys))
        for (id, start) in begins { #expect(start <= ends[id]!) }
        #expect(openAtEnd == 2)
        // A and B overlap without nesting: B starts inside A and ends after it.
        #expect(begins["0x1"]! < begins["0x2"]! && begins["0x2"]! < ends["0x1"]! && ends["0x1"]! < ends["0x2"]!)
        let names = Set(events.filter { $0["ph"] as? String == "b" }.compactMap { $0["name"] as? String })
        #expect(names == ["search", "results"])
    }
}
