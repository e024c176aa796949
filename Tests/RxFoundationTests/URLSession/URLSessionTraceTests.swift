import Foundation
import RxBlocking
import RxCore
import RxFoundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every test here is an exit test: they came with Swift 6.2, and the package declares 6.1.
#if compiler(>=6.2)
/// Requests in the trace and in the text log. Both are process-wide switches, so each test
/// runs in a child process of its own (an exit test) and prints what it saw for the parent
/// to check.
@Suite("URLSession.rx request logging", .offPool)
struct URLSessionTraceTests {
    @Test("with tracing on, each request is a probe: method and URL, status, size, duration, call site")
    func requestsAreProbes() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let server = try LoopbackHTTPServer()
            defer { server.stop() }
            Trace.start(TraceConfiguration(dumpsAtExit: false, dumpsOnSignal: false))
            _ = URLSession.shared.rx.data(request: URLRequest(url: server.baseURL.appendingPathComponent("hello")))
                .toBlocking(timeout: hangGuardSeconds).materialize()
            _ = URLSession.shared.rx.data(request: URLRequest(url: server.baseURL.appendingPathComponent("missing")))
                .toBlocking(timeout: hangGuardSeconds).materialize()
            let snapshot = try #require(Trace.snapshot())
            for path in ["hello", "missing"] {
                let name = "GET \(server.baseURL.absoluteString)/\(path)"
                let records = snapshot.records(ofProbe: name)
                let steps = records.map { record in
                    "\(record.kind)" + (snapshot.valueText(of: record).map { "(\($0))" } ?? "")
                }
                print("\(path): \(steps.joined(separator: " "))")
                if let first = records.first {
                    let probe = snapshot.file.probes[Int(first.probe)]
                    print("\(path) site: \(snapshot.file.string(probe.file) ?? "?")")
                }
            }
            print("open: \(snapshot.file.openSubscriptions.count)")
        }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        let lines = output.split(separator: "\n").map(String.init)
        // 200: subscribed, the summary, completed, disposed after completion.
        let hello = try #require(lines.first { $0.hasPrefix("hello: ") })
        #expect(hello.hasPrefix("hello: subscribed next(200, 11 bytes, "))
        #expect(hello.hasSuffix(" ms) completed disposed(completed)"))
        // The 404 is answered (its probe notes the status) before data(request:) fails on it.
        let missing = try #require(lines.first { $0.hasPrefix("missing: ") })
        #expect(missing.hasPrefix("missing: subscribed next(404, 13 bytes, "))
        #expect(missing.hasSuffix(" ms) completed disposed(completed)"))
        #expect(lines.contains("hello site: RxFoundationTests/URLSessionTraceTests.swift"))
        #expect(lines.contains("open: 0"))
    }

    @Test("a request cancelled by disposing ends its probe early")
    func cancelledRequestEndsEarly() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let server = try LoopbackHTTPServer()
            defer { server.stop() }
            Trace.start(TraceConfiguration(dumpsAtExit: false, dumpsOnSignal: false))
            let subscription = URLSession.shared.rx.data(request: URLRequest(url: server.baseURL.appendingPathComponent("slow")))
                .subscribe()
            let deadline = Date().addingTimeInterval(hangGuardSeconds)
            while !server.requestedPaths.contains("/slow"), Date() < deadline {
                usleep(10_000)
            }
            subscription.dispose()
            let snapshot = try #require(Trace.snapshot())
            let records = snapshot.records(ofProbe: "GET \(server.baseURL.absoluteString)/slow")
            print("slow: " + records.map { "\($0.kind)" + (snapshot.valueText(of: $0).map { "(\($0))" } ?? "") }.joined(separator: " "))
        }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        #expect(output.contains("slow: subscribed disposed(early)\n"))
    }

    @Test("URLRequestLogging writes a line when a request starts and one when it ends, for the requests its filter accepts")
    func textLogging() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let server = try LoopbackHTTPServer()
            defer { server.stop() }
            URLRequestLogging.filter = { $0.url?.path != "/missing" }
            URLRequestLogging.writer = { print("log: \($0)") }
            _ = URLSession.shared.rx.data(request: URLRequest(url: server.baseURL.appendingPathComponent("hello")))
                .toBlocking(timeout: hangGuardSeconds).materialize()
            _ = URLSession.shared.rx.data(request: URLRequest(url: server.baseURL.appendingPathComponent("missing")))
                .toBlocking(timeout: hangGuardSeconds).materialize()
            print("base: \(server.baseURL.absoluteString)")
        }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        let lines = output.split(separator: "\n").map(String.init)
        let base = try #require(lines.first { $0.hasPrefix("base: ") }).dropFirst("base: ".count)
        let logged = lines.filter { $0.hasPrefix("log: ") }
        try #require(logged.count == 2, "\(lines)")
        #expect(logged[0] == "log: -> GET \(base)/hello")
        #expect(logged[1].hasPrefix("log: <- GET \(base)/hello: 200, 11 bytes, "))
        #expect(logged[1].hasSuffix(" ms"))
    }
}
#endif
