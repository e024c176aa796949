import Dispatch
import Foundation
import TestSupport
import Testing

@testable import RxCore

/// The parent of the scheduler suites: serialized, so that each test's before/after
/// comparison of `Resources.total` sees only its own work.
@Suite(.serialized)
enum SchedulerTests {}

/// Counts signals down to zero; a test awaits zero without blocking a thread.
///
/// The timeout is a safety net so that a broken scheduler fails the test instead of hanging
/// it; passing tests never reach it.
final class Countdown: Sendable {
    private struct State {
        var remaining: Int
        var signals = 0
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let state: Locked<State>

    init(_ count: Int = 1) {
        state = Locked(State(remaining: count))
    }

    /// How many times ``signal()`` was called.
    var signals: Int {
        state.withLock { $0.signals }
    }

    /// Counts one down; the last one wakes the waiter.
    func signal() {
        let waiter: CheckedContinuation<Bool, Never>? = state.withLock { state in
            state.signals += 1
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: true)
    }

    /// Waits until the count reaches zero; `false` when `timeout` passed first.
    func wait(timeout: DispatchTimeInterval = .seconds(Int(hangGuardSeconds))) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let reached: Bool = state.withLock { state in
                if state.remaining <= 0 { return true }
                state.waiter = continuation
                return false
            }
            if reached {
                continuation.resume(returning: true)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                let waiter = self.state.withLock { state in
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume(returning: false)
            }
        }
    }
}

/// A thread-safe list the actions append to.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] {
        storage.withLock { $0 }
    }
}

/// Waits until everything submitted to `queue` so far has finished (a barrier on a custom
/// concurrent queue, the next item on a serial one). Not for global queues.
func drain(_ queue: DispatchQueue) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        queue.async(flags: .barrier) {
            continuation.resume()
        }
    }
}

/// Runs `body(index)` on `threads` new threads released together, and waits for all of them.
func onManyThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let go = DispatchSemaphore(value: 0)
    let finished = Countdown(threads)
    for index in 0..<threads {
        let thread = Thread {
            go.wait()
            body(index)
            finished.signal()
        }
        thread.start()
    }
    for _ in 0..<threads {
        go.signal()
    }
    _ = await finished.wait()
}

/// Nanoseconds on the monotonic clock dispatch timers use.
func uptime() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// A key that marks a queue, to check where an action runs.
let queueMarker = DispatchSpecificKey<String>()

/// The marker of the queue (or its target chain) the caller runs on.
func currentQueueMarker() -> String? {
    DispatchQueue.getSpecific(key: queueMarker)
}

/// Records `Resources.total` before a scenario and checks it is back after.
struct ResourceBaseline {
    let total = Resources.total
    let snapshot = Resources.snapshot()

    /// Expects `Resources.total` back at its value when the baseline was taken; on failure
    /// the message lists the per-type difference.
    func expectBalanced(sourceLocation: SourceLocation = #_sourceLocation) {
        let after = Resources.snapshot()
        #expect(
            Resources.total == total,
            "leaked resources: \(after.difference(from: snapshot))",
            sourceLocation: sourceLocation
        )
    }
}

extension ResourceBaseline {
    /// For work on a global queue, which cannot be drained: waits (up to 10 s) for the last
    /// action to have returned, that is for `Resources.total` to come back, then checks it.
    func expectBalancedOnceSettled(sourceLocation: SourceLocation = #_sourceLocation) async {
        let deadline = uptime() + 10_000_000_000
        while Resources.total != total, uptime() < deadline {
            await Task.yield()
        }
        expectBalanced(sourceLocation: sourceLocation)
    }
}

/// A state object whose release a test can observe through a weak reference.
final class TrackedState: Sendable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }
}

/// A weak reference that actions on other threads can fill in.
final class WeakSlot<Object: AnyObject & Sendable>: Sendable {
    private struct Storage {
        weak var object: Object?
    }

    private let storage = Locked(Storage())

    func set(_ object: Object) {
        storage.withLock { $0.object = object }
    }

    var object: Object? {
        storage.withLock { $0.object }
    }
}

/// A counter actions on other threads can bump, with the highest value it reached.
final class Gauge: Sendable {
    private let state = Locked<(current: Int, peak: Int)>((0, 0))

    func enter() {
        state.withLock {
            $0.current += 1
            $0.peak = max($0.peak, $0.current)
        }
    }

    func leave() {
        state.withLock { $0.current -= 1 }
    }

    var peak: Int {
        state.withLock { $0.peak }
    }
}
