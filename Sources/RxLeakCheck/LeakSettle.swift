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
///
/// Times are RxSwift's `RxTimeInterval` (`.milliseconds(20)`, `.seconds(2)`), so the settle,
/// and the checks that take one, need no newer system than the package's floor. A `timeout`
/// of `.never` means no time limit: the settle waits for every pending item however late it is
/// due (a repeating timer the scenario leaves running then keeps it waiting for ever). A quiet
/// period of `.never` is a programming error (the count could never be quiet long enough) and
/// stops the program with a precondition failure; ``withoutQuietWait`` is the way not to wait.
public struct LeakSettle: Sendable {
    /// Queues to drain, in order, with a barrier block each.
    var queues: [DispatchQueue]
    /// Custom steps, run after the queues.
    var steps: [@Sendable () -> Void]
    /// How long the count must stay still, in nanoseconds, or `nil` not to wait at all.
    var quietNanoseconds: Int64?
    /// The longest wait for pending work and a quiet count, in nanoseconds; `nil` for no limit.
    var timeoutNanoseconds: Int64?

    /// Counts at once: for scenarios that do everything synchronously (or on a `TestScheduler`).
    public static let immediately = LeakSettle(queues: [], steps: [], quietNanoseconds: nil, timeoutNanoseconds: 0)

    /// Waits until the scenario's pending scheduled work has run or been cancelled and the
    /// count has not moved for `quiet`, at most `timeout`. The default settle.
    ///
    /// - Parameters:
    ///   - quiet: How long the count must stay the same once no scheduled work is pending;
    ///     not `.never`.
    ///   - timeout: The longest wait; after it the check counts whatever is alive, and the
    ///     report says the settle timed out. `.never` waits without a limit.
    public static func untilQuiet(
        for quiet: RxTimeInterval = .milliseconds(20),
        timeout: RxTimeInterval = .seconds(2)
    ) -> LeakSettle {
        LeakSettle(queues: [], steps: [], quietNanoseconds: quietPeriod(quiet), timeoutNanoseconds: LeakTiming.nanoseconds(timeout))
    }

    /// Drains `queues` (a barrier block on each, twice, so work that queues more work is
    /// drained too), then waits as ``untilQuiet(for:timeout:)-type.method`` does.
    ///
    /// - Parameter queues: Queues the scenario hands blocks to directly.
    public static func draining(_ queues: DispatchQueue...) -> LeakSettle {
        LeakSettle(queues: queues, steps: [], quietNanoseconds: defaultQuiet, timeoutNanoseconds: defaultTimeout)
    }

    /// Runs `step` after each run of the scenario (for example to pump a run loop or wait
    /// for an operation queue), then waits as ``untilQuiet(for:timeout:)-type.method`` does.
    ///
    /// - Parameter step: The custom settle step.
    public static func custom(_ step: @escaping @Sendable () -> Void) -> LeakSettle {
        LeakSettle(queues: [], steps: [step], quietNanoseconds: defaultQuiet, timeoutNanoseconds: defaultTimeout)
    }

    /// This settle, with the quiet wait set to `quiet` and `timeout`.
    ///
    /// - Parameters:
    ///   - quiet: How long the count must stay the same; not `.never`.
    ///   - timeout: The longest wait; `.never` waits without a limit.
    public func untilQuiet(for quiet: RxTimeInterval, timeout: RxTimeInterval = .seconds(2)) -> LeakSettle {
        LeakSettle(
            queues: queues,
            steps: steps,
            quietNanoseconds: Self.quietPeriod(quiet),
            timeoutNanoseconds: LeakTiming.nanoseconds(timeout)
        )
    }

    /// This settle, without waiting for pending work or a quiet count after its drains and steps.
    public var withoutQuietWait: LeakSettle {
        LeakSettle(queues: queues, steps: steps, quietNanoseconds: nil, timeoutNanoseconds: 0)
    }

    /// The quiet period of the default settle: 20 ms.
    private static let defaultQuiet: Int64 = 20_000_000
    /// The time limit of the default settle: 2 s.
    private static let defaultTimeout: Int64 = 2_000_000_000

    /// `quiet` in nanoseconds; stops with a message for `.never`, which could never be met.
    private static func quietPeriod(_ quiet: RxTimeInterval) -> Int64 {
        guard let nanoseconds = LeakTiming.nanoseconds(quiet) else {
            preconditionFailure(
                "LeakSettle.untilQuiet(for: .never): the count can never stay quiet that long; give a finite quiet period, or use withoutQuietWait not to wait"
            )
        }
        return nanoseconds
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
        guard let quietNanoseconds else { return SettleOutcome() }
        var watch = SettleWatch(quietNanoseconds: quietNanoseconds, timeoutNanoseconds: timeoutNanoseconds, count: count())
        while true {
            if let outcome = watch.check(count: count(), pending: scope.pendingWork(dueWithinNanoseconds: watch.remaining)) {
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
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    package func waitUntilSettled(scope: ResourceScope, count: () -> Int) async -> SettleOutcome {
        guard let quietNanoseconds else { return SettleOutcome() }
        var watch = SettleWatch(quietNanoseconds: quietNanoseconds, timeoutNanoseconds: timeoutNanoseconds, count: count())
        while true {
            if let outcome = watch.check(count: count(), pending: scope.pendingWork(dueWithinNanoseconds: watch.remaining)) {
                return outcome
            }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// How one settle went.
package struct SettleOutcome {
    /// Whether the time limit was reached with work pending or the count still moving.
    package var timedOut = false
    /// Pending items due within the limit left when it was reached.
    package var pending = 0
    /// Pending items due after the limit (counted as live).
    package var dueLater = 0
    /// How long the settle took, in nanoseconds.
    package var waitedNanoseconds: UInt64 = 0
}

/// Follows the pending work and the count over time: settled once nothing is pending within
/// the limit and the count has not moved for the quiet period, or out of time.
private struct SettleWatch {
    private let quietNanoseconds: UInt64
    /// When the wait began, in `LeakTiming.now`'s nanoseconds.
    private let start: UInt64
    /// When the wait gives up; `nil` for no limit.
    private let deadline: UInt64?
    private var last: Int
    private var lastPending = 0
    private var stableSince: UInt64

    init(quietNanoseconds: Int64, timeoutNanoseconds: Int64?, count: Int) {
        self.quietNanoseconds = UInt64(max(quietNanoseconds, 0))
        let start = LeakTiming.now
        self.start = start
        deadline = timeoutNanoseconds.map { timeout in
            let sum = start.addingReportingOverflow(UInt64(max(timeout, 0)))
            return sum.overflow ? .max : sum.partialValue
        }
        last = count
        stableSince = start
    }

    /// The nanoseconds left before the limit; `Int64.max` (everything pending is due within
    /// it) without one.
    var remaining: Int64 {
        guard let deadline else { return .max }
        let now = LeakTiming.now
        return deadline > now ? Int64(clamping: deadline - now) : 0
    }

    /// Takes the latest count and pending work; the outcome once waiting is over.
    mutating func check(count: Int, pending: PendingWork) -> SettleOutcome? {
        let now = LeakTiming.now
        if count != last || pending.dueSoon != lastPending {
            last = count
            lastPending = pending.dueSoon
            stableSince = now
        }
        let quietFor = now >= stableSince ? now - stableSince : 0
        let settled = pending.dueSoon == 0 && quietFor >= quietNanoseconds
        let outOfTime = deadline.map { now >= $0 } ?? false
        guard settled || outOfTime else { return nil }
        return SettleOutcome(
            timedOut: !settled,
            pending: settled ? 0 : pending.dueSoon,
            dueLater: pending.dueLater,
            waitedNanoseconds: now >= start ? now - start : 0
        )
    }
}
