import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `rxtrace export --format otlp`, to a file and to a real OTLP/HTTP receiver, checked with
/// OpenTelemetry's official protobuf definitions through `scripts/otlp-check`.
@Suite("rxtrace export --format otlp", .offPool)
struct OTLPExportTests {
    static let otlpCanBeChecked = PythonModules.canImport("opentelemetry.proto.collector.trace.v1.trace_service_pb2")
    private static let checker = RepositoryFiles.url("scripts/otlp-check").path
    /// The expected export of ``SampleTraces/writeOverlapping(to:)``. After a deliberate change
    /// of the OTLP output, run this suite once with `RXTRACE_UPDATE_GOLDEN=1` to rewrite it, and
    /// review the difference.
    private static let golden = RepositoryFiles.url("Tests/rxtraceTests/Golden/overlapping.otlp.jsonl").path

    private static func summary(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the export of the sample trace is exactly the golden file, and stable")
    func golden() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let rxtrace = try BuiltProgram.named("rxtrace")
        #expect(try await rxtrace.run(["export", trace, "-f", "otlp", "-o", folder.file("a.jsonl")]).status == 0)
        let stdout = try await rxtrace.run(["export", trace, "-f", "otlp"])
        #expect(stdout.status == 0)
        let written = try String(contentsOfFile: folder.file("a.jsonl"), encoding: .utf8)
        if ProcessInfo.processInfo.environment["RXTRACE_UPDATE_GOLDEN"] == "1" {
            try written.write(toFile: Self.golden, atomically: true, encoding: .utf8)
        }
        #expect(written == stdout.output)
        #expect(written == (try String(contentsOfFile: Self.golden, encoding: .utf8)))
    }

    @Test(
        "one span per subscription under one trace span, errors marked, ids valid: parsed with the official definitions",
        .enabled(if: otlpCanBeChecked, "needs Python with opentelemetry-proto (pip install opentelemetry-proto)")
    )
    func parsesWithTheOfficialDefinitions() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let out = folder.file("overlap.jsonl")
        let export = try await BuiltProgram.named("rxtrace").run([
            "export", trace, "-f", "otlp", "--batch-size", "3", "--service-name", "search-app", "-o", out,
        ])
        #expect(export.status == 0, "\(export.error)")
        let checked = try await BuiltProgram(path: Self.checker).run(["validate", out])
        #expect(checked.status == 0, "\(checked.output) \(checked.error)")
        let summary = try Self.summary(checked.output)
        #expect(summary["problems"] as? [String] == [])
        // The trace span and subscriptions 1 to 6, three to a request.
        #expect(summary["spans"] as? Int == 7)
        #expect(summary["uniqueSpanIds"] as? Int == 7)
        #expect(summary["requests"] as? Int == 3)
        #expect(summary["rootSpans"] as? Int == 1)
        #expect((summary["traceIds"] as? [String])?.count == 1)
        #expect(summary["serviceNames"] as? [String] == ["search-app"])
        #expect(summary["names"] as? [String: Int] == ["search-app trace": 1, "search": 3, "results": 3])
        #expect(summary["errorSpans"] as? Int == 1)
        #expect(summary["events"] as? [String: Int] == ["next": 3, "exception": 1, "warm-up": 1, "iteration 1": 1])
    }

    /// An OTLP/HTTP receiver from `scripts/otlp-check serve`, on a free port of 127.0.0.1 (a
    /// ``ServerProcess``), that also reports what it received.
    private final class Receiver {
        private let server: ServerProcess

        init(_ arguments: [String]) throws {
            server = try ServerProcess(script: OTLPExportTests.checker, ["serve"] + arguments)
        }

        var port: Int { server.port }
        var url: String { server.url }

        /// What the receiver got, from its `/summary`; gives up after the hang guard, waiting
        /// off the cooperative pool.
        func summary() async throws -> [String: Any] {
            let body = Locked<Data?>(nil)
            let done = DispatchSemaphore(value: 0)
            URLSession.shared.dataTask(with: URL(string: url + "/summary")!) { data, _, _ in
                body.withLock { $0 = data }
                done.signal()
            }.resume()
            await done.waitOffPool()
            let data = try #require(body.withLock { $0 })
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        /// Kills the receiver (``ServerProcess/stop()``).
        func stop() { server.stop() }
    }

    @Test(
        "--endpoint: batches reach a real receiver, 503 answers are retried, nothing is lost or doubled",
        .enabled(if: otlpCanBeChecked, "needs Python with opentelemetry-proto (pip install opentelemetry-proto)")
    )
    func postsToACollector() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let receiver = try Receiver(["--fail-first", "2", "--fail-status", "503"])
        defer { receiver.stop() }
        #expect(receiver.port > 0)
        let result = try await BuiltProgram.named("rxtrace").run([
            "export", trace, "-f", "otlp", "--endpoint", receiver.url, "--batch-size", "2",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("sent 7 spans in 4 requests to \(receiver.url)/v1/traces"))
        let summary = try await receiver.summary()
        #expect(summary["problems"] as? [String] == [])
        #expect(summary["refused"] as? Int == 2)
        #expect(summary["requests"] as? Int == 4)
        #expect(summary["spans"] as? Int == 7)
        #expect(summary["uniqueSpanIds"] as? Int == 7)
    }

    @Test(
        "--endpoint: a refusal other than 429/502/503/504 stops with the status and the collector's message",
        .enabled(if: otlpCanBeChecked, "needs Python with opentelemetry-proto (pip install opentelemetry-proto)")
    )
    func reportsARefusal() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let receiver = try Receiver(["--always-status", "400"])
        defer { receiver.stop() }
        let result = try await BuiltProgram.named("rxtrace").run(["export", trace, "-f", "otlp", "--endpoint", receiver.url])
        #expect(result.status == 1)
        #expect(result.error.contains("refused request 1 (7 spans not delivered): HTTP 400"))
        #expect(result.error.contains("the test receiver refuses this request"))
        #expect(try await receiver.summary()["refused"] as? Int == 1)
    }

    @Test("bad options are usage errors before anything is read or sent")
    func badOptions() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        let rxtrace = try BuiltProgram.named("rxtrace")
        let scheme = try await rxtrace.run(["export", trace, "-f", "otlp", "--endpoint", "ftp://collector"])
        #expect(scheme.status == 2)
        #expect(scheme.error.contains("not an http:// or https:// URL"))
        let both = try await rxtrace.run(["export", trace, "-f", "otlp", "--endpoint", "http://127.0.0.1:9", "-o", folder.file("x")])
        #expect(both.status == 64)
        let wrongFormat = try await rxtrace.run(["export", trace, "-f", "jsonl", "--endpoint", "http://127.0.0.1:9"])
        #expect(wrongFormat.status == 64)
        #expect(wrongFormat.error.contains("--endpoint applies to --format otlp only"))
        let unreachable = try await rxtrace.run(["export", trace, "-f", "otlp", "--endpoint", "http://127.0.0.1:1", "--attempts", "1"])
        #expect(unreachable.status == 1)
        #expect(unreachable.error.contains("no connection"))
        #expect(try folder.contents() == ["overlap.rxtrace"])
    }
}
