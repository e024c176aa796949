import Foundation
import RxBlocking
import RxCore
import RxFoundation
import RxTest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSession.rx` against a real HTTP server on 127.0.0.1: statuses, bodies, JSON, decoding,
/// and cancellation reaching the server.
@Suite("URLSession.rx", .resourceBalanced, .offPool)
struct URLSessionRxTests {
    private struct User: Decodable, Equatable {
        let name: String
        let born: Int
    }

    private static func request(_ server: LoopbackHTTPServer, _ path: String) -> URLRequest {
        URLRequest(url: server.baseURL.appendingPathComponent(path))
    }

    @Test("data(request:) emits the body of a 200 and completes")
    func dataOf200() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let bodies = try URLSession.shared.rx.data(request: Self.request(server, "hello")).toBlocking(timeout: hangGuardSeconds).toArray()
        #expect(bodies.map { String(decoding: $0, as: UTF8.self) } == ["hello world"])
    }

    @Test("response(request:) emits the HTTP response with its body, whatever the status")
    func responseOf404() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let answers = try URLSession.shared.rx.response(request: Self.request(server, "missing")).toBlocking(timeout: hangGuardSeconds)
            .toArray()
        #expect(answers.map(\.response.statusCode) == [404])
        #expect(answers.map { String(decoding: $0.data, as: UTF8.self) } == ["no such thing"])
    }

    @Test("data(request:) fails on a 404 with the response and the body in the error")
    func dataOf404() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let result = URLSession.shared.rx.data(request: Self.request(server, "missing")).toBlocking(timeout: hangGuardSeconds).materialize()
        guard case .failed(let elements, let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(elements.isEmpty)
        guard case RxCocoaURLError.httpRequestFailed(let response, let data)? = error as? RxURLError else {
            Issue.record("expected httpRequestFailed, got \(error)")
            return
        }
        #expect(response.statusCode == 404)
        #expect(data.map { String(decoding: $0, as: UTF8.self) } == "no such thing")
        #expect("\(error)".contains("status 404"))
    }

    @Test("json(url:) reads the body as JSON")
    func jsonOfURL() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let values = try URLSession.shared.rx.json(url: server.baseURL.appendingPathComponent("user")).toBlocking(timeout: hangGuardSeconds)
            .toArray()
        let user = try #require(values.first as? [String: Any])
        #expect(user["name"] as? String == "Ada")
        #expect((user["born"] as? NSNumber)?.intValue == 1815)
    }

    @Test("json(request:) fails with deserializationError on a body that is not JSON")
    func jsonOfText() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let result = URLSession.shared.rx.json(request: Self.request(server, "not-json")).toBlocking(timeout: hangGuardSeconds)
            .materialize()
        guard case .failed(_, let error) = result, case .deserializationError? = error as? RxURLError else {
            Issue.record("expected deserializationError, got \(result)")
            return
        }
    }

    @Test("decode(type:request:) decodes the body; a 404 fails before decoding")
    func decodeUser() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let users = try URLSession.shared.rx.decode(type: User.self, request: Self.request(server, "user")).toBlocking(
            timeout: hangGuardSeconds
        )
        .toArray()
        #expect(users == [User(name: "Ada", born: 1815)])
        let missing = URLSession.shared.rx.decode(type: User.self, request: Self.request(server, "missing")).toBlocking(
            timeout: hangGuardSeconds
        )
        .materialize()
        guard case .failed(_, let error) = missing, case .httpRequestFailed? = error as? RxURLError else {
            Issue.record("expected httpRequestFailed, got \(missing)")
            return
        }
    }

    @Test("disposing a subscription cancels the task: the server sees the connection closed, no event arrives")
    func disposingCancelsTheTask() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let events = EventJournal<Data>()
        var request = Self.request(server, "slow")
        // URLRequest's default 60 s time-out ends a request that a loaded machine is slow to send
        // with an error before the disposal this test is about (seen beside two CPU hogs).
        request.timeoutInterval = hangGuardSeconds
        let subscription = URLSession.shared.rx.data(request: request)
            .subscribe { events.record($0) }
        // Wait until the request has reached the server (long: a fully loaded test run can keep
        // the URL session's queue waiting for a thread), then let go of it.
        let deadline = MonotonicInstant.after(seconds: hangGuardSeconds)
        while !server.requestedPaths.contains("/slow"), !deadline.hasPassed {
            try await Task.sleep(milliseconds: 10)
        }
        try #require(server.requestedPaths.contains("/slow"))
        try #require(events.count == 0, "before the disposal: \(events.all)")
        subscription.dispose()
        #expect(await onDedicatedThread { server.waitForSlowConnectionClosedByClient(timeout: hangGuardSeconds) })
        // No event may follow the disposal: give one time to show up, without holding a thread.
        try await Task.sleep(milliseconds: 200)
        #expect(events.count == 0, "after the disposal: \(events.all)")
    }
}
