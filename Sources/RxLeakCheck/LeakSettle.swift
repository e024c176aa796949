import Dispatch
import Foundation

/// How a leak check lets the work a scenario started finish before it counts.
///
/// A scenario often hands work to queues: a disposal that runs on a scheduler, a timer that
/// fires once more. Counting too early would see those resources as leaked. A settle step runs
/// after each run of the scenario: it drains the given dispatch queues, runs a custom step,
/// then waits until the live count has not moved for a quiet period (within a time limit).
///
/// ```swift
/// LeakCheck.run(settle: .draining(worker).untilQuiet(for: .milliseconds(50))) { ... }
/// ```
public struct LeakSettle: Sendable {
    /// Queues to drain, in order, with a barrier block each.
    var queues: [DispatchQueue]
    /// Custom steps, run after the queues.
    var steps: [@Sendable () -> Void]
    /// How long the count must stay still, or `nil` not to wait for it.
    var quietPeriod: Duration?
    /// The longest wait for a quiet count.
    var timeout: Duration

    /// Counts at once: for scenarios that do everything synchronously (or on a `TestScheduler`).
    public static let immediately = LeakSettle(queues: [], steps: [], quietPeriod: nil, timeout: .zero)

    /// Waits until the count has not moved for `quiet`, at most `timeout`. The default settle.
    ///
    /// - Parameters:
    ///   - quiet: How long the count must stay the same.
    ///   - timeout: The longest wait; after it the check counts whatever is alive.
    public static func untilQuiet(for quiet: Duration = .milliseconds(20), timeout: Duration = .seconds(2)) -> LeakSettle {
        LeakSettle(queues: [], steps: [], quietPeriod: quiet, timeout: timeout)
    }

    /// Drains `queues` (a barrier block on each, twice, so work that queues more work is
    /// drained too), then waits for a quiet count as ``untilQuiet(for:timeout:)`` does.
    ///
    /// - Parameter queues: The queues the scenario's schedulers run on.
    public static func draining(_ queues: DispatchQueue...) -> LeakSettle {
        LeakSettle(queues: queues, steps: [], quietPeriod: .milliseconds(20), timeout: .seconds(2))
    }

    /// Runs `step` after each run of the scenario (for example to pump a run loop or wait
    /// for an operation queue), then waits for a quiet count.
    ///
    /// - Parameter step: The custom settle step.
    public static func custom(_ step: @escaping @Sendable () -> Void) -> LeakSettle {
        LeakSettle(queues: [], steps: [step], quietPeriod: .milliseconds(20), timeout: .seconds(2))
    }

    /// This settle, with the quiet wait set to `quiet` and `timeout`.
    public func untilQuiet(for quiet: Duration, timeout: Duration = .seconds(2)) -> LeakSettle {
        LeakSettle(queues: queues, steps: steps, quietPeriod: quiet, timeout: timeout)
    }

    /// This settle, without waiting for a quiet count after its drains and steps.
    public var withoutQuietWait: LeakSettle {
        LeakSettle(queues: queues, steps: steps, quietPeriod: nil, timeout: .zero)
    }

    /// Drains the queues and runs the steps; the caller waits for quiet.
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

    /// Waits (blocking) until `count` stops moving, within the limits.
    func waitForQuiet(_ count: () -> Int) {
        guard let quietPeriod else { return }
        var watch = QuietWatch(quietPeriod: quietPeriod, timeout: timeout, count: count())
        while !watch.isSettled(count: count()) {
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    /// Waits (suspending) until `count` stops moving, within the limits.
    func waitForQuiet(_ count: () -> Int) async {
        guard let quietPeriod else { return }
        var watch = QuietWatch(quietPeriod: quietPeriod, timeout: timeout, count: count())
        while !watch.isSettled(count: count()) {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// Follows a count over time: settled once it has not moved for the quiet period, or once
/// the time limit has passed.
private struct QuietWatch {
    private let clock = ContinuousClock()
    private let quietPeriod: Duration
    private let deadline: ContinuousClock.Instant
    private var last: Int
    private var stableSince: ContinuousClock.Instant

    init(quietPeriod: Duration, timeout: Duration, count: Int) {
        self.quietPeriod = quietPeriod
        deadline = clock.now.advanced(by: timeout)
        last = count
        stableSince = clock.now
    }

    /// Takes the latest count; whether waiting is over.
    mutating func isSettled(count: Int) -> Bool {
        let now = clock.now
        if count != last {
            last = count
            stableSince = now
        }
        return now - stableSince >= quietPeriod || now >= deadline
    }
}
