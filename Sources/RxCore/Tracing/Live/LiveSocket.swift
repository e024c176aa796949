import Foundation

/// The few socket calls the live channel makes, spelled once for Linux and Darwin.
enum LiveSocket {
    /// A new Unix stream socket that is not inherited by child programs, or -1.
    static func makeStream() -> Int32 {
        #if os(Linux)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        return descriptor
    }

    /// Runs `body` with the address of `path`, or returns `nil` when the path is too long.
    static func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        let bytes = Array(path.utf8)
        var address = sockaddr_un()
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Whether a program accepts connections on the socket at `path` now.
    static func isAnswered(_ path: String) -> Bool {
        let descriptor = makeStream()
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return withAddress(path) { connect(descriptor, $0, $1) == 0 } ?? false
    }

    /// Makes `descriptor` non-blocking (or blocking again).
    static func setNonBlocking(_ descriptor: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(descriptor, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Prepares an accepted client: not inherited, non-blocking, no `SIGPIPE` on Darwin (Linux
    /// passes `MSG_NOSIGNAL` to each send), and a send timeout, so that a client that stops
    /// reading its answer holds the channel up for `sendTimeout` seconds at most.
    static func prepareClient(_ descriptor: Int32, sendTimeout: Int) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        setNonBlocking(descriptor, true)
        #if !os(Linux)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var timeout = timeval(tv_sec: sendTimeout, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`, blocking up to the send timeout; a client that went away or
    /// stopped reading ends the answer early, never the program.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        setNonBlocking(descriptor, false)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, bytes.count - offset, flags) }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
