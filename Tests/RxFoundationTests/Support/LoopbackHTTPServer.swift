import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, for the `URLSession.rx` tests.
///
/// Routes: `/hello` (200, `hello world`), `/missing` (404), `/user` (200, a JSON user),
/// `/not-json` (200, text), and `/slow` (answers only after `hangGuardSeconds`, and notes when
/// the client closes the connection first). Each connection is served on its own thread and
/// closed after one response; the server stops accepting after `hangGuardSeconds` at the latest.
final class LoopbackHTTPServer: Sendable {
    /// The port the server listens on.
    let port: UInt16
    private let listener: Int32
    private let state = Locked(State())
    private let closedByClient = DispatchSemaphore(value: 0)

    private struct State {
        var stopped = false
        var paths: [String] = []
        var slowClosedByClient = 0
    }

    /// The base URL, `http://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The paths requested so far, in order.
    var requestedPaths: [String] { state.withLock { $0.paths } }

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTPServer"
        thread.start()
    }

    /// Stops accepting connections.
    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// Waits until the client of a `/slow` request closes its connection; false after
    /// `timeout` seconds.
    func waitForSlowConnectionClosedByClient(timeout: Double) -> Bool {
        closedByClient.wait(timeout: .now() + timeout) == .success
    }

    private func acceptLoop() {
        let deadline = Date().addingTimeInterval(hangGuardSeconds)
        while Date() < deadline, !state.withLock({ $0.stopped }) {
            var pollDescriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&pollDescriptor, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let handler = Thread { [self] in serve(connection) }
            handler.start()
        }
        stop()
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let path = readRequestPath(connection) else { return }
        state.withLock { $0.paths.append(path) }
        switch path {
        case "/hello":
            respond(connection, status: "200 OK", type: "text/plain", body: "hello world")
        case "/user":
            respond(connection, status: "200 OK", type: "application/json", body: #"{"name":"Ada","born":1815}"#)
        case "/not-json":
            respond(connection, status: "200 OK", type: "text/plain", body: "plain words")
        case "/slow":
            if waitForClientClose(connection, seconds: Int(hangGuardSeconds)) {
                state.withLock { $0.slowClosedByClient += 1 }
                closedByClient.signal()
            } else {
                respond(connection, status: "200 OK", type: "text/plain", body: "late")
            }
        default:
            respond(connection, status: "404 Not Found", type: "text/plain", body: "no such thing")
        }
    }

    /// Reads the request head and returns its path (without the query).
    private func readRequestPath(_ connection: Int32) -> String? {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)), head.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            head += buffer[0..<count]
        }
        let requestLine = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return String(parts[1].split(separator: "?", omittingEmptySubsequences: false)[0])
    }

    /// Whether the client closed the connection within `seconds`.
    private func waitForClientClose(_ connection: Int32, seconds: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        for _ in 0..<(seconds * 20) {
            var pollDescriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pollDescriptor, 1, 50) > 0 else { continue }
            if recv(connection, &buffer, buffer.count, 0) <= 0 { return true }
        }
        return false
    }

    private func respond(_ connection: Int32, status: String, type: String, body: String) {
        let bytes = Array(body.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        let message = Array(head.utf8) + bytes
        var sent = 0
        while sent < message.count {
            let count = message[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    deinit {
        stop()
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
