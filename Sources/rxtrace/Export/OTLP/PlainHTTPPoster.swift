import Foundation

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// HTTP/1.1 POST over a plain TCP socket, each step waiting in `poll` until the attempt's
/// deadline.
///
/// URLSession on Linux waits in a loop that spins (84 % of a core for a collector that never
/// reads) and only limits the time between two bytes, so a collector trickling its answer kept
/// an export waiting for minutes. This client sleeps in the kernel while the socket is not
/// ready and gives up at the deadline whatever the collector does, resolving the collector's
/// name included (``HostResolver``: a numeric host never reaches the resolver, a name is looked
/// up under the deadline). One connection per request (`Connection: close`).
struct PlainHTTPPoster: HTTPPoster {
    let host: String
    let port: Int
    /// The path and query to post to.
    let target: String
    let headers: [(String, String)]
    /// The collector's addresses, under each attempt's deadline.
    private let resolver: HostResolver

    /// A poster to `host`:`port`; `lookUp` resolves names (the system's `getaddrinfo` unless a
    /// test gives another).
    init(
        host: String, port: Int, target: String, headers: [(String, String)],
        lookUp: @escaping HostResolver.Lookup = SocketAddress.lookUp(host:port:)
    ) {
        self.host = host
        self.port = port
        self.target = target
        self.headers = headers
        resolver = HostResolver(host: host, port: port, lookUp: lookUp)
    }

    func post(_ body: Data, deadline: MonotonicDeadline) -> HTTPAnswer {
        let socket: Int32
        switch connect(deadline: deadline) {
        case .success(let connected): socket = connected
        case .failure(let failure): return .failed(failure)
        }
        defer { close(socket) }
        var request = "POST \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nContent-Type: application/json\r\n"
        request += "Content-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        var bytes = Data(request.utf8)
        bytes.append(body)
        let sendFailure = send(bytes, on: socket, deadline: deadline)
        // A collector may answer (413, 400) and close before reading all of a request: its
        // answer says more than the broken pipe.
        let answer = receive(on: socket, deadline: deadline)
        if answer.status == nil, let sendFailure { return .failed(sendFailure) }
        return answer
    }

    private var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    // MARK: Connecting

    private func connect(deadline: MonotonicDeadline) -> Result<Int32, HTTPAnswer.Failure> {
        let addresses: [SocketAddress]
        switch resolver.addresses(until: deadline) {
        case .success(let resolved): addresses = resolved
        case .failure(let failure): return .failure(failure)
        }
        var lastFailure = HTTPAnswer.Failure.connection("no address for \(host)")
        for address in addresses {
            let socket = Glue.socket(address.family, address.socketType, address.protocolNumber)
            guard socket >= 0 else {
                lastFailure = .connection(Glue.errorText())
                continue
            }
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            Glue.suppressSIGPIPE(socket)
            if address.withSockaddr({ Glue.connect(socket, $0, $1) }) == 0 {
                return .success(socket)
            }
            guard errno == EINPROGRESS else {
                lastFailure = .connection(Glue.errorText())
                close(socket)
                continue
            }
            guard Self.wait(for: Int16(POLLOUT), on: socket, until: deadline) else {
                close(socket)
                return .failure(.timedOut(while: "connecting"))
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return .success(socket) }
            lastFailure = .connection(String(cString: strerror(error)))
            close(socket)
        }
        return .failure(lastFailure)
    }

    // MARK: Sending

    private func send(_ bytes: Data, on socket: Int32, deadline: MonotonicDeadline) -> HTTPAnswer.Failure? {
        bytes.withUnsafeBytes { buffer -> HTTPAnswer.Failure? in
            var offset = 0
            while offset < buffer.count {
                let sent = Glue.send(socket, buffer.baseAddress! + offset, buffer.count - offset)
                if sent > 0 {
                    offset += sent
                    continue
                }
                if sent < 0, errno == EINTR { continue }
                guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK else {
                    return .connection("the connection broke while sending the request (\(Glue.errorText()))")
                }
                guard Self.wait(for: Int16(POLLOUT), on: socket, until: deadline) else {
                    return .timedOut(while: "sending the request (the collector read \(offset) of \(buffer.count) bytes)")
                }
            }
            return nil
        }
    }

    // MARK: Receiving

    private func receive(on socket: Int32, deadline: MonotonicDeadline) -> HTTPAnswer {
        var parser = HTTPAnswerParser()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while !parser.isComplete {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                parser.append(chunk[0..<count])
                continue
            }
            if count == 0 {
                parser.endOfStream()
                break
            }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else {
                return parser.answer ?? .failed(.connection("the connection broke before the answer (\(Glue.errorText()))"))
            }
            guard Self.wait(for: Int16(POLLIN), on: socket, until: deadline) else {
                return .failed(.timedOut(while: parser.hasHead ? "reading the answer" : "waiting for the answer"))
            }
        }
        return parser.answer ?? .failed(.connection("the collector closed the connection without an answer"))
    }

    // MARK: Waiting

    /// Sleeps in `poll` until `socket` is ready for `events` (or has an error or hang-up, which
    /// the next call reports); `false` once `deadline` has passed.
    private static func wait(for events: Int16, on socket: Int32, until deadline: MonotonicDeadline) -> Bool {
        while true {
            let left = deadline.secondsLeft
            guard left > 0 else { return false }
            let milliseconds = Int32(min(Double(Int32.max), (left * 1000).rounded(.up)))
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, max(1, milliseconds))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }
        }
    }
}

/// The socket calls whose names the struct's own methods shadow, and their platform differences.
private enum Glue {
    static func socket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.socket(family, type, proto)
        #else
        Glibc.socket(family, type, proto)
        #endif
    }

    static func connect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Darwin)
        Darwin.connect(socket, address, length)
        #else
        Glibc.connect(socket, address, length)
        #endif
    }

    static func send(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.send(socket, bytes, count, 0)
        #else
        Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    /// A collector that closes early must not kill the export with SIGPIPE.
    static func suppressSIGPIPE(_ socket: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
