import Foundation
import RxCore

/// Runs an operator through the teardown deadlock of RxSwift #2711 and #2703, and reports it
/// after a timeout instead of hanging.
///
/// The rig offers three sources made with `Observable.create`, whose observers it keeps:
/// `first`, whose teardown takes a foreign lock, and the plain `second` and `third`. Thread B
/// takes the foreign lock and, once `first`'s teardown has started, runs `push` (an event into
/// another source, which enters the operator's sink); thread A runs `trigger`, which makes the
/// operator tear `first` down. A sink that disposes `first` while holding its own lock makes
/// thread A wait for the foreign lock while thread B waits for the sink's lock: the teardown's
/// wait for the foreign lock is bounded, so the deadlock is seen and both threads go on.
final class TeardownDeadlockRig: @unchecked Sendable {
    /// What one run saw.
    struct Outcome: Sendable, CustomStringConvertible {
        /// `first`'s teardown ran (otherwise the case did not reach the scenario).
        var teardownRan: Bool
        /// The teardown could not take the foreign lock in time: the threads were deadlocked.
        var deadlocked: Bool
        /// Both threads finished in time.
        var finished: Bool

        var passed: Bool { teardownRan && !deadlocked && finished }

        var description: String {
            "teardownRan: \(teardownRan), deadlocked: \(deadlocked), finished: \(finished)"
        }
    }

    private let timeout: TimeInterval
    private let foreign = NSLock()
    private let foreignHeld = DispatchSemaphore(value: 0)
    private let teardownStarted = DispatchSemaphore(value: 0)
    private let state = NSLock()
    private var observers: [Int: AnyObserver<Int>] = [:]
    private var teardownCount = 0
    private var deadlocked = false

    init(timeout: TimeInterval = 1) {
        self.timeout = timeout
    }

    /// The source whose teardown takes the foreign lock.
    var first: Observable<Int> { source(0, lockingTeardown: true) }
    /// A plain source.
    var second: Observable<Int> { source(1, lockingTeardown: false) }
    /// Another plain source.
    var third: Observable<Int> { source(2, lockingTeardown: false) }

    /// Sends `event` into `first` (0), `second` (1) or `third` (2), if subscribed.
    func send(_ index: Int, _ event: Event<Int>) {
        state.lock()
        let observer = observers[index]
        state.unlock()
        observer?.on(event)
    }

    private func source(_ index: Int, lockingTeardown: Bool) -> Observable<Int> {
        Observable.create { observer in
            self.state.lock()
            self.observers[index] = observer
            self.state.unlock()
            // The observer stays reachable after teardown: a sink that is being torn down
            // must still cope with events already on their way.
            return Disposables.create {
                if lockingTeardown {
                    self.firstTornDown()
                }
            }
        }
    }

    private func firstTornDown() {
        state.lock()
        teardownCount += 1
        let isFirst = teardownCount == 1
        state.unlock()
        guard isFirst else { return }
        teardownStarted.signal()
        if foreign.lock(before: Date(timeIntervalSinceNow: timeout)) {
            foreign.unlock()
        } else {
            state.lock()
            deadlocked = true
            state.unlock()
        }
    }

    /// Subscribes to `operator`, runs the scenario and disposes the subscription.
    ///
    /// - Parameters:
    ///   - operator: The operator under test, built from the rig's sources.
    ///   - prepare: Events sent before the race (on the calling thread).
    ///   - trigger: Thread A: makes the operator tear `first` down.
    ///   - push: Thread B, holding the foreign lock: an event that enters the operator's sink.
    func run<Element>(
        _ operator: Observable<Element>,
        prepare: (TeardownDeadlockRig) -> Void = { _ in },
        trigger: @escaping @Sendable (TeardownDeadlockRig) -> Void,
        push: @escaping @Sendable (TeardownDeadlockRig) -> Void
    ) -> Outcome {
        let subscription = `operator`.subscribe { _ in }
        prepare(self)
        let threadADone = DispatchSemaphore(value: 0)
        let threadBDone = DispatchSemaphore(value: 0)
        let timeout = self.timeout
        Thread.detachNewThread {
            self.foreign.lock()
            self.foreignHeld.signal()
            _ = self.teardownStarted.wait(timeout: .now() + timeout)
            push(self)
            self.foreign.unlock()
            threadBDone.signal()
        }
        Thread.detachNewThread {
            self.foreignHeld.wait()
            trigger(self)
            threadADone.signal()
        }
        let deadline = DispatchTime.now() + timeout * 3
        let finished =
            threadADone.wait(timeout: deadline) == .success
            && threadBDone.wait(timeout: deadline) == .success
        state.lock()
        let outcome = Outcome(teardownRan: teardownCount > 0, deadlocked: deadlocked, finished: finished)
        state.unlock()
        subscription.dispose()
        return outcome
    }
}
