import Foundation
import RxCore

/// Name resolution under a deadline, for the plain-HTTP export.
///
/// `getaddrinfo` has no deadline of its own: a resolver that does not answer holds its caller
/// for as long as the system's retries take (seconds to minutes, by `resolv.conf`), past
/// `--request-timeout` and `--timeout`. A numeric host is made into its address here and never
/// reaches the resolver; a name is looked up on a thread of its own while the caller waits at
/// most until its deadline, then reports a time-out that says it was resolving the name. A
/// lookup that outlives its attempt is not started again: the next attempt waits for the same
/// one, so a stalled resolver holds one thread, not one per attempt.
final class HostResolver: Sendable {
    /// A lookup: the addresses, or why there are none.
    typealias Lookup = @Sendable (_ host: String, _ port: Int) -> Result<[SocketAddress], HTTPAnswer.Failure>

    private let host: String
    private let port: Int
    private let lookUp: Lookup
    /// The lookup running on its thread, while one is.
    private let running = LockedValue<RunningLookup?>(nil)

    /// A resolver for `host` and `port`; `lookUp` is the system's unless a test gives another.
    init(host: String, port: Int, lookUp: @escaping Lookup = SocketAddress.lookUp(host:port:)) {
        self.host = host
        self.port = port
        self.lookUp = lookUp
    }

    /// The addresses of the host, or a failure: the lookup's, or a time-out once `deadline` has
    /// passed (never later).
    func addresses(until deadline: MonotonicDeadline) -> Result<[SocketAddress], HTTPAnswer.Failure> {
        if let numeric = SocketAddress.numeric(host: host, port: port) {
            return .success(numeric)
        }
        let (lookup, isNew) = running.withLock { running in
            if let running { return (running, false) }
            let started = RunningLookup()
            running = started
            return (started, true)
        }
        if isNew {
            let (host, port, lookUp) = (host, port, lookUp)
            let thread = Thread { lookup.finish(lookUp(host, port)) }
            // Linux keeps 15 bytes of a thread's name.
            thread.name = "rxtrace-resolve"
            thread.start()
        }
        guard let outcome = lookup.outcome(until: deadline) else {
            return .failure(.timedOut(while: "resolving the name \(host)"))
        }
        // Taken: the next attempt looks the name up anew (the collector may have moved).
        running.withLock { running in
            if running === lookup { running = nil }
        }
        return outcome
    }
}

/// One lookup on its thread, and its outcome once there.
private final class RunningLookup: Sendable {
    private let result = LockedValue<Result<[SocketAddress], HTTPAnswer.Failure>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Keeps the outcome and wakes the waiter.
    func finish(_ outcome: Result<[SocketAddress], HTTPAnswer.Failure>) {
        result.withLock { $0 = outcome }
        finished.signal()
    }

    /// The outcome, waiting for it until `deadline`; `nil` when the deadline came first.
    func outcome(until deadline: MonotonicDeadline) -> Result<[SocketAddress], HTTPAnswer.Failure>? {
        if let outcome = result.withLock({ $0 }) { return outcome }
        let left = deadline.secondsLeft
        guard left > 0 else { return nil }
        let nanoseconds = Int(min(left, Double(Int32.max)) * 1e9)
        guard finished.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
        return result.withLock { $0 }
    }
}
