import Foundation

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// One address to connect a stream socket to, copied out of `getaddrinfo`'s list (or made from
/// a numeric host) into plain values, so that it can cross from the thread that resolved it.
struct SocketAddress: Sendable, Equatable {
    /// `AF_INET` or `AF_INET6`.
    let family: Int32
    /// The `socket(2)` type (`SOCK_STREAM`).
    let socketType: Int32
    /// The `socket(2)` protocol.
    let protocolNumber: Int32
    /// The `sockaddr_in` or `sockaddr_in6`, byte for byte.
    let bytes: [UInt8]

    /// The stream socket type as `socket(2)` takes it on this platform.
    static var stream: Int32 {
        #if canImport(Darwin)
        SOCK_STREAM
        #else
        Int32(SOCK_STREAM.rawValue)
        #endif
    }

    /// Calls `body` with the address as the `sockaddr` pointer and length `connect(2)` takes.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        bytes.withUnsafeBytes { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
    }

    /// The addresses of `host`, when it is written as a number (`127.0.0.1`, `::1`): made here
    /// with `inet_pton`, so that a numeric host never reaches the system's resolver. `nil` for a
    /// name, or for a form `inet_pton` does not take (`127.1`, an IPv6 scope `fe80::1%eth0`),
    /// which then goes through ``lookUp(host:port:)`` like a name.
    static func numeric(host: String, port: Int) -> [SocketAddress]? {
        guard (0...65_535).contains(port) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            var address = sockaddr_in()
            #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr = v4
            return [SocketAddress(family: AF_INET, copying: &address)]
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            var address = sockaddr_in6()
            #if canImport(Darwin)
            address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = v6
            return [SocketAddress(family: AF_INET6, copying: &address)]
        }
        return nil
    }

    /// The addresses `getaddrinfo` gives for `host` and `port`, or its reason when it gives
    /// none. Blocks for as long as the resolver takes: ``HostResolver`` calls it off the
    /// waiting thread, under the export's deadline.
    static func lookUp(host: String, port: Int) -> Result<[SocketAddress], HTTPAnswer.Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = stream
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            return .failure(.connection("cannot resolve \(host): \(String(cString: gai_strerror(resolved)))"))
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry?.pointee {
            entry = address.ai_next
            guard let socketAddress = address.ai_addr, address.ai_addrlen > 0 else { continue }
            let bytes = [UInt8](UnsafeRawBufferPointer(start: socketAddress, count: Int(address.ai_addrlen)))
            addresses.append(
                SocketAddress(family: address.ai_family, socketType: address.ai_socktype, protocolNumber: address.ai_protocol, bytes: bytes)
            )
        }
        return addresses.isEmpty ? .failure(.connection("no address for \(host)")) : .success(addresses)
    }

    private init(family: Int32, socketType: Int32, protocolNumber: Int32, bytes: [UInt8]) {
        self.family = family
        self.socketType = socketType
        self.protocolNumber = protocolNumber
        self.bytes = bytes
    }

    /// A stream address of `family` holding a copy of `address`.
    private init<Address>(family: Int32, copying address: inout Address) {
        let bytes = withUnsafeBytes(of: &address) { [UInt8]($0) }
        self.init(family: family, socketType: Self.stream, protocolNumber: 0, bytes: bytes)
    }
}
