import Dispatch
import Foundation
import TestSupport
import Testing

@testable import rxtrace

/// The plain-HTTP export's name resolution is under the attempt's deadline: a lookup that
/// stalls (here one that waits on a semaphore the test releases at its end) ends the attempt at
/// the deadline with a time-out that says it was resolving the name, and a numeric host is never
/// looked up.
@Suite("HostResolver", hangTimeLimit(minutes: 2), .offPool)
struct HostResolverTests {
    /// A lookup that blocks until `release` is signalled, counting its calls.
    private final class StallingLookup: Sendable {
        let release = DispatchSemaphore(value: 0)
        let calls = Locked(0)

        var lookUp: HostResolver.Lookup {
            { [self] host, _ in
                calls.withLock { $0 += 1 }
                release.wait()
                return .failure(.connection("released \(host)"))
            }
        }

        /// Lets every stalled call return (at the end of a test).
        func releaseAll() {
            for _ in 0..<8 { release.signal() }
        }
    }

    @Test("a stalled lookup ends the post at its deadline, saying it was resolving the name")
    func stalledLookupTimesOut() async {
        let stall = StallingLookup()
        defer { stall.releaseAll() }
        let poster = PlainHTTPPoster(host: "collector.example", port: 4318, target: "/v1/traces", headers: [], lookUp: stall.lookUp)
        let (answer, seconds) = await onDedicatedThread {
            let start = MonotonicInstant.now
            let answer = poster.post(Data("{}".utf8), deadline: MonotonicDeadline(secondsFromNow: 0.3))
            return (answer, start.seconds(to: .now))
        }
        #expect(answer.status == nil)
        #expect(answer.failure == .timedOut(while: "resolving the name collector.example"))
        #expect(seconds >= 0.29 && seconds < 20, "took \(seconds) s")
    }

    @Test("attempts after a stalled lookup wait for the same one instead of starting another")
    func stalledLookupIsShared() async {
        let stall = StallingLookup()
        defer { stall.releaseAll() }
        let resolver = HostResolver(host: "collector.example", port: 4318, lookUp: stall.lookUp)
        let outcomes = await onDedicatedThread {
            (0..<3).map { _ in resolver.addresses(until: MonotonicDeadline(secondsFromNow: 0.1)) }
        }
        for outcome in outcomes {
            #expect(outcome == .failure(.timedOut(while: "resolving the name collector.example")))
        }
        #expect(stall.calls.withLock { $0 } == 1)
    }

    @Test("a lookup that ends before the deadline gives its outcome, and the next attempt looks up anew")
    func finishedLookup() async {
        let calls = Locked(0)
        let address = SocketAddress.numeric(host: "192.0.2.7", port: 4318)!
        let resolver = HostResolver(host: "collector.example", port: 4318) { _, _ in
            calls.withLock { $0 += 1 }
            return .success(address)
        }
        let outcomes = await onDedicatedThread {
            (0..<2).map { _ in resolver.addresses(until: MonotonicDeadline(secondsFromNow: 60)) }
        }
        #expect(outcomes == [.success(address), .success(address)])
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("numeric hosts are made into addresses without a lookup", arguments: ["127.0.0.1", "::1", "2001:db8::17"])
    func numericHostsSkipTheResolver(host: String) async {
        let stall = StallingLookup()
        defer { stall.releaseAll() }
        let resolver = HostResolver(host: host, port: 4318, lookUp: stall.lookUp)
        let outcome = await onDedicatedThread { resolver.addresses(until: MonotonicDeadline(secondsFromNow: 60)) }
        guard case .success(let addresses) = outcome, let address = addresses.first else {
            Issue.record("no address for \(host): \(outcome)")
            return
        }
        #expect(address.family == (host.contains(":") ? AF_INET6 : AF_INET))
        // The port, in network order, right after the family in both sockaddr layouts.
        #expect(Array(address.bytes[2..<4]) == [0x10, 0xDE])
        #expect(stall.calls.withLock { $0 } == 0)
    }

    @Test("a name, or a number inet_pton does not take, is not numeric", arguments: ["localhost", "127.1", "fe80::1%lo", ""])
    func namesAreNotNumeric(host: String) {
        #expect(SocketAddress.numeric(host: host, port: 4318) == nil)
    }
}
