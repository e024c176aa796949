import Foundation

/// One connection to a live channel: connect, send a request line, read the answer to its end,
/// each step bounded by a timeout so that a program that stopped answering never hangs the
/// command, and without `SIGPIPE` when the program goes away.
enum LiveConnection {
    /// Sends `line` to the socket at `socketPath` and reads the answer.
    ///
    /// - Parameters:
    ///   - timeout: Seconds each send or receive may wait.
    ///   - failure: The error for a connection that fails, from its `errno`.
    /// - Returns: The answer, or `nil` when it did not come within the timeout.
    static func exchange(socketPath: String, line: [UInt8], timeout: Int, failure: (Int32) -> CommandFailure) throws -> String? {
        #if os(Linux)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let sendFlags = Int32(MSG_NOSIGNAL)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        let sendFlags: Int32 = 0
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        let path = Array(socketPath.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { throw failure(ENAMETOOLONG) }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw failure(errno) }
        var offset = 0
        while offset < line.count {
            let sent = line.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, line.count - offset, sendFlags) }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return nil
            } else {
                throw failure(errno)
            }
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                answer += chunk[0..<count]
            } else if count == 0 {
                break
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return nil
            } else {
                throw failure(errno)
            }
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
