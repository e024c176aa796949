import Foundation
import RxTraceFormat
import TestSupport
import Testing

@testable import rxtrace

/// `rxtrace export --endpoint` against collectors that misbehave on 127.0.0.1: one that
/// trickles its answer, one that never reads, one whose `Retry-After` is `nan` or negative, and a real
/// OTLP receiver that rejects spans (`partialSuccess`) or refuses every attempt.
@Suite("rxtrace export --endpoint against misbehaving collectors", .offPool)
struct OTLPCollectorFaultTests {
    private static let misbehaving = RepositoryFiles.url("scripts/misbehaving-collector").path
    private static let receiver = RepositoryFiles.url("scripts/otlp-check").path

    private static func sampleTrace(in folder: TemporaryDirectory) throws -> String {
        let trace = folder.file("overlap.rxtrace")
        try SampleTraces.writeOverlapping(to: trace)
        return trace
    }

    /// A trace of `count` subscriptions that each open and end: one span each, so that one
    /// request of them is megabytes, more than the socket buffers hold.
    private static func manySubscriptions(_ count: Int, in folder: TemporaryDirectory) throws -> String {
        let path = folder.file("many.rxtrace")
        let strings = ["", "burst", "App/Main.swift", "run()", "main", "Demo"]
        let header = TraceHeader(
            processID: 7, processName: "Demo", startWallClock: 1_700_000_000_000_000_000, clock: .monotonic,
            capacity: UInt64(count * 2), recordsWritten: UInt64(count * 2), recordsLost: 0, valueLimit: 64, dumpReason: .exit,
            dumpTimestamp: UInt64(count * 10 + 10), siteCapture: .off
        )
        let file = TraceFile(
            header: header, strings: strings,
            probes: [TraceProbe(identifier: 1, file: 2, line: 3, function: 3)],
            threads: [TraceThread(systemID: 1000, name: 4)],
            marks: [], openSubscriptions: [], sites: []
        )
        var records: [TraceRecord] = []
        records.reserveCapacity(count * 2)
        for index in 0..<count {
            let time = UInt64(index * 10 + 1)
            records.append(TraceRecord(timestamp: time, subscription: UInt64(index + 1), probe: 0, thread: 0, kind: .subscribed))
            records.append(
                TraceRecord(
                    timestamp: time + 5, subscription: UInt64(index + 1), probe: 0, thread: 0, kind: .disposed,
                    valueKind: .disposalReason, value: TraceDisposalReason.completed.rawValue))
        }
        try TraceFileWriter.write(file, records: records, to: path)
        return path
    }

    @Test("a collector trickling its answer: the attempt times out at --request-timeout, saying so")
    func tricklingAnswerTimesOut() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.sampleTrace(in: folder)
        let collector = try ServerProcess(script: Self.misbehaving, ["trickle"])
        defer { collector.stop() }
        #expect(collector.port > 0)
        let run = try await MeasuredRun(
            BuiltProgram.named("rxtrace"),
            ["export", trace, "-f", "otlp", "--endpoint", collector.url, "--attempts", "1", "--request-timeout", "2"],
            folder: folder)
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("timed out after 2 s waiting for the answer (--request-timeout)"), "\(run.error)")
        #expect(run.error.contains("request 1 (7 spans not delivered)"), "\(run.error)")
        #expect(!run.error.contains("NSURLErrorDomain"))
        // The answer takes 0.5 s a byte, over 30 s: the deadline, not the collector, ends it.
        #expect(run.elapsed >= 1.9 && run.elapsed < 15, "took \(run.elapsed) s")
    }

    @Test("retries end at the whole export's --timeout, however many attempts are left")
    func wholeExportDeadline() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.sampleTrace(in: folder)
        let collector = try ServerProcess(script: Self.misbehaving, ["trickle"])
        defer { collector.stop() }
        let run = try await MeasuredRun(
            BuiltProgram.named("rxtrace"),
            ["export", trace, "-f", "otlp", "--endpoint", collector.url, "--attempts", "20", "--request-timeout", "2", "--timeout", "3"],
            folder: folder)
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("timed out"), "\(run.error)")
        #expect(run.error.contains("the export's --timeout of 3 s"), "\(run.error)")
        #expect(run.elapsed >= 2.9 && run.elapsed < 15, "took \(run.elapsed) s")
    }

    @Test("a collector that never reads: the export sleeps until the deadline instead of spinning")
    func nonReadingCollectorCostsNoCPU() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.manySubscriptions(20_000, in: folder)
        let rxtrace = try BuiltProgram.named("rxtrace")
        // What building the requests costs, without any network: the baseline of CPU time.
        let toFile = try await MeasuredRun(
            rxtrace, ["export", trace, "-f", "otlp", "--batch-size", "100000", "-o", folder.file("out.jsonl")], folder: folder)
        #expect(toFile.status == 0, "\(toFile.error)")
        let size = (try FileManager.default.attributesOfItem(atPath: folder.file("out.jsonl"))[.size] as? Int) ?? 0
        #expect(size > 4_000_000, "the request must be larger than the socket buffers")

        let collector = try ServerProcess(script: Self.misbehaving, ["no-read"])
        defer { collector.stop() }
        let run = try await MeasuredRun(
            rxtrace,
            [
                "export", trace, "-f", "otlp", "--endpoint", collector.url, "--batch-size", "100000", "--attempts", "1",
                "--request-timeout", "4",
            ],
            folder: folder)
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("timed out after 4 s sending the request"), "\(run.error)")
        #expect(run.elapsed < toFile.elapsed + 15, "took \(run.elapsed) s")
        // A poll loop would add most of the 4 s waited; sleeping in the kernel adds almost nothing.
        #expect(run.cpu < toFile.cpu + 1.0, "CPU \(run.cpu) s against \(toFile.cpu) s without the network")
    }

    @Test("Retry-After: nan or negative does not make retries immediate: the backoff is waited", arguments: ["nan", "-1"])
    func retryAfterNotANumberWaitsTheBackoff(value: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.sampleTrace(in: folder)
        let collector = try ServerProcess(script: Self.misbehaving, ["retry-after", value])
        defer { collector.stop() }
        let run = try await MeasuredRun(
            BuiltProgram.named("rxtrace"), ["export", trace, "-f", "otlp", "--endpoint", collector.url, "--attempts", "3"], folder: folder)
        #expect(run.status == 1, "\(run.error)")
        #expect(run.error.contains("HTTP 503: {\"message\":\"try again after \(value)\"}"), "\(run.error)")
        #expect(run.error.contains("on all 3 attempts of request 1 (7 spans not delivered)"), "\(run.error)")
        // Backoff 0.5 s, then 1 s.
        #expect(run.elapsed >= 1.4 && run.elapsed < 15, "took \(run.elapsed) s")
    }

    @Test("a --header value with a line break is a usage error: it would add headers of its own")
    func headerOnOneLine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.sampleTrace(in: folder)
        let result = try await BuiltProgram.named("rxtrace").run([
            "export", trace, "-f", "otlp", "--endpoint", "http://127.0.0.1:9", "--header", "Authorization=a\r\nX-Other: b",
        ])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("expected name=value on one line"), "\(result.error)")
    }

    @Test("Retry-After: a number of seconds is honoured; nan, negative, infinite or a date fall back to the backoff")
    func retryAfterValues() {
        #expect(OTLPHTTPSink.retryDelay("0", backoff: 2) == 0)
        #expect(OTLPHTTPSink.retryDelay("3", backoff: 2) == 3)
        #expect(OTLPHTTPSink.retryDelay("9999", backoff: 2) == 30)
        for text in ["nan", "-1", "-0.5", "inf", "Wed, 21 Oct 2015 07:28:00 GMT", "", "1e999"] {
            #expect(OTLPHTTPSink.retryDelay(text, backoff: 2) == 2, "\(text)")
        }
    }

    @Test(
        "partialSuccess: the rejected spans and the collector's message are reported and the export exits 1",
        .enabled(if: OTLPExportTests.otlpCanBeChecked, "needs Python with opentelemetry-proto (pip install opentelemetry-proto)")
    )
    func partialSuccessFails() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.sampleTrace(in: folder)
        let receiver = try ServerProcess(script: Self.receiver, ["serve", "--reject-spans", "2"])
        defer { receiver.stop() }
        let result = try await BuiltProgram.named("rxtrace").run([
            "export", trace, "-f", "otlp", "--endpoint", receiver.url, "--batch-size", "3",
        ])
        #expect(result.status == 1, "\(result.error)")
        // Three requests (3 + 3 + 1 spans), each answered with 2 rejected.
        #expect(result.error.contains("rejected 6 of the 7 spans it took (partialSuccess in 3 requests)"), "\(result.error)")
        #expect(result.error.contains("the test receiver rejects 2 spans of each request"), "\(result.error)")
    }

    @Test(
        "a refusal on every attempt says how many spans were not delivered and exits 1",
        .enabled(if: OTLPExportTests.otlpCanBeChecked, "needs Python with opentelemetry-proto (pip install opentelemetry-proto)")
    )
    func refusalAfterRetriesCountsTheSpans() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trace = try Self.sampleTrace(in: folder)
        let receiver = try ServerProcess(script: Self.receiver, ["serve", "--always-status", "503"])
        defer { receiver.stop() }
        let result = try await BuiltProgram.named("rxtrace").run([
            "export", trace, "-f", "otlp", "--endpoint", receiver.url, "--attempts", "2",
        ])
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error.contains("HTTP 503"), "\(result.error)")
        #expect(result.error.contains("on all 2 attempts of request 1 (7 spans not delivered)"), "\(result.error)")
        #expect(result.error.contains("the test receiver refuses this request"), "\(result.error)")
    }
}
