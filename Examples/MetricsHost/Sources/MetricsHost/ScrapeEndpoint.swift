import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 endpoint on 127.0.0.1 that answers every request with the text `body`
/// returns: enough for Prometheus to scrape, without a web framework.
final class ScrapeEndpoint: Sendable {
    /// The port it listens on.
    let port: Int
    private let socketDescriptor: Int32

    /// Listens on `port` of 127.0.0.1 (0 for any free port).
    init(port: Int) throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw EndpointError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw EndpointError("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        socketDescriptor = descriptor
    }

    /// Answers connections one after another on a thread of its own, forever.
    func serve(_ body: @escaping @Sendable () -> [UInt8]) {
        let descriptor = socketDescriptor
        let thread = Thread {
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { continue }
                Self.answer(connection, body())
                close(connection)
            }
        }
        thread.name = "scrape endpoint"
        thread.start()
    }

    private static func answer(_ connection: Int32, _ payload: [UInt8]) {
        // Read the request head (its content does not matter: every path gets the metrics).
        var request = [UInt8](repeating: 0, count: 4096)
        _ = read(connection, &request, request.count)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
        let response = Array(head.utf8) + payload
        var sent = 0
        while sent < response.count {
            let written = response[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            sent += written
        }
    }
}

/// Why the endpoint could not start.
struct EndpointError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
