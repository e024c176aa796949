import Dispatch
import Foundation
import RxCore

/// How a leak check lets the work a scenario started finish before it counts.
///
/// A scenario often hands work to schedulers: a `delay`, a timer, an `observe(on:)` hop, a
/// disposal that runs on a queue. Counting too early would see those resources as leaked, and
/// miss what the work allocates when it runs. A settle step runs after each run of the
/// scenario: it drains the given dispatch queues, runs a custom step, then waits until the
/// scenario's pending scheduled work (`ResourceScope.pendingWork(dueWithin:)`: every
/// one-shot timer, dispatch hop and operation the scenario, or work it scheduled, armed on the
/// core's schedulers) has run or been cancelled, and the live count has not moved for a quiet
/// period. All within a time limit: a settle that reaches it is reported
/// (`LeakReport.settle`), and work due after the limit counts as live.
///
/// ```swift
/// LeakCheck.run(settle: .draining(worker).untilQuiet(for: .milliseconds(50))) { ... }
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct LeakSettle: Sendable {
    /// Queues to drain, in order, with a barrier block each.
    var queues: [DispatchQueue]
    /// Custom steps, run after the queues.
    var steps: [@Sendable () -> Void]
    /// How long the count must stay still, or `nil` not to wait at all.
    var quietPeriod: Duration?
    /// The longest wait for pending work and a quiet count.
    var timeout: Duration

    /// Counts at once: for scenarios that do everything synchronously (or on a `TestScheduler`).
    public static let immediately = LeakSettle(queues: [], steps: [], quietPeriod: nil, timeout: .zero)

    /// Waits until the scenario's pending scheduled work has run or been cancelled and the
    /// count has not moved for `quiet`, at most `timeout`. The default settle.
    ///
    /// - Parameters:
    ///   - quiet: How long the count must stay the same once no scheduled work is pending.
    ///   - timeout: The longest wait; after it the check counts whatever is alive, and the
    ///     report says the settle timed out.
    public static func untilQuiet(for quiet: Duration = .milliseconds(20), timeout: Duration = .seconds(2)) -> LeakSettle {
        LeakSettle(queues: [], steps: [], quietPeriod: quiet, timeout: timeout)
    }

    /// Drains `queues` (a barrier block on each, twice, so work that queues more work is
    /// drained too), then waits as ``untilQuiet(for:timeout:)-type.method`` does.
    ///
    /// - Parameter queues: Queues the scenario hands blocks to directly.
    public static func draining(_ queues: DispatchQueue...) -> LeakSettle {
        LeakSettle(queues: queues, steps: [], quietPeriod: .milliseconds(20), timeout: .seconds(2))
    }

    /// Runs `step` after each run of the scenario (for example to pump a run loop or wait
    /// for an operation queue), then waits as ``untilQuiet(for:timeout:)-type.method`` does.
    ///
    /// - Parameter step: The custom settle step.
    public static func custom(_ step: @escaping @Sendable () -> Void) -> LeakSettle {
        LeakSettle(queues: [], steps: [step], quietPeriod: .milliseconds(20), timeout: .seconds(2))
    }

    /// This settle, with the quiet wait set to `quiet` and `timeout`.
    public func untilQuiet(for quiet: Duration, timeout: Duration = .seconds(2)) -> LeakSettle {
        LeakSettle(queues: queues, steps: steps, quietPeriod: quiet, timeout: timeout)
    }

    /// This settle, without waiting for pending work or a quiet count after its drains and steps.
    public var withoutQuietWait: LeakSettle {
        LeakSettle(queues: queues, steps: steps, quietPeriod: nil, timeout: .zero)
    }

    /// Drains the queues and runs the steps; the caller waits for the rest.
    func drain() {
        for _ in 0..<2 {
            for queue in queues {
                if queue === DispatchQueue.main, Thread.isMainThread { continue }
                queue.sync(flags: .barrier) {}
            }
        }
        for step in steps {
            step()
        }
    }

    /// Waits (blocking) until `scope` has no pending work due within the limit and `count`
    /// stops moving. On the main thread the run loop turns meanwhile, so work scheduled on the
    /// main queue can run.
    func waitUntilSettled(scope: ResourceScope, count: () -> Int) -> SettleOutcome {
        guard let quietPeriod else { return SettleOutcome() }
        var watch = SettleWatch(quietPeriod: quietPeriod, timeout: timeout, count: count())
        while true {
            if let outcome = watch.check(count: count(), pending: scope.pendingWork(dueWithin: watch.remaining)) {
                return outcome
            }
            if Thread.isMainThread {
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
            }
            Thread.sleep(forTimeInterval: 0.0005)
        }
    }

    /// Waits (suspending) until `scope` has no pending work due within the limit and `count`
    /// stops moving. Package-wide so RxTest's `.resourceBalanced` trait settles the same way.
    package func waitUntilSettled(scope: ResourceScope, count: () -> Int) async -> SettleOutcome {
        guard let quietPeriod else { return SettleOutcome() }
        var watch = SettleWatch(quietPeriod: quietPeriod, timeout: timeout, count: count())
        while true {
            if let outcome = watch.check(count: count(), pending: scope.pendingWork(dueWithin: watch.remaining)) {
                return outcome
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// How one settle went.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package struct SettleOutcome {
    /// Whether the time limit was reached with work pending or the count still moving.
    package var timedOut = false
    /// Pending items due within the limit left when it was reached.
    package var pending = 0
    /// Pending items due after the limit (counted as live).
    package var dueLater = 0
    /// How long the settle took.
    package var waited = Duration.zero
}

/// Follows the pending work and the count over time: settled once nothing is pending within
/// the limit and the count has not moved for the quiet period, or out of time.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private struct SettleWatch {
    private let clock = ContinuousClock()
    private let quietPeriod: Duration
    private let start: ContinuousClock.Instant
    private let deadline: ContinuousClock.Instant
    private var last: Int
    private var lastPending = 0
    private var stableSince: ContinuousClock.Instant

    init(quietPeriod: Duration, timeout: Duration, count: Int) {
        self.quietPeriod = quietPeriod
        start = clock.now
        deadline = start.advanced(by: timeout)
        last = count
        stableSince = start
    }

    /// The time left before the limit.
    var remaining: Duration {
        max(deadline - clock.now, .zero)
    }

    /// Takes the latest count and pending work; the outcome once waiting is over.
    mutating func check(count: Int, pending: PendingWork) -> SettleOutcome? {
        let now = clock.now
        if count != last || pending.dueSoon != lastPending {
            last = count
            lastPending = pending.dueSoon
            stableSince = now
        }
        let settled = pending.dueSoon == 0 && now - stableSince >= quietPeriod
        guard settled || now >= deadline else { return nil }
        return SettleOutcome(
            timedOut: !settled,
            pending: settled ? 0 : pending.dueSoon,
            dueLater: pending.dueLater,
            waited: now - start
        )
    }
}
