import Foundation
import RxCore

/// Runs a user closure of an operator (a selector, a subject factory) that waits for another
/// thread delivering into the same operator, and reports, after a timeout instead of hanging,
/// whether that thread got through.
///
/// A closure called under the operator's lock makes the other thread wait for the lock while
/// the closure waits for the thread: the closure's wait is bounded, so the deadlock is seen
/// and both threads go on. The rig offers plain sources made with `Observable.create`, whose
/// observers it keeps, so that the other thread can send into a live one.
final class UserClosureWaitRig: @unchecked Sendable {
    /// What one run saw.
    struct Outcome: Sendable, CustomStringConvertible {
        /// The user closure waited for the other thread at least once.
        var waited: Bool
        /// The other thread could not finish while the closure waited: it was blocked on our lock.
        var blocked: Bool
        /// The triggering thread finished in time.
        var finished: Bool

        var passed: Bool { waited && !blocked && finished }

        var description: String { "waited: \(waited), blocked: \(blocked), finished: \(finished)" }
    }

    private let timeout: TimeInterval
    private let state = NSLock()
    private var observers: [Int: AnyObserver<Int>] = [:]
    private var waited = false
    private var blocked = false

    init(timeout: TimeInterval = 1) {
        self.timeout = timeout
    }

    /// A source whose observer the rig keeps under `index`.
    func source(_ index: Int) -> Observable<Int> {
        Observable.create { observer in
            self.state.lock()
            self.observers[index] = observer
            self.state.unlock()
            return Disposables.create()
        }
    }

    /// Sends `event` into the source kept under `index`, if subscribed.
    func send(_ index: Int, _ event: Event<Int>) {
        state.lock()
        let observer = observers[index]
        state.unlock()
        observer?.on(event)
    }

    /// Called from inside the user closure: runs `deliver` on another thread and waits, for at
    /// most the timeout, until it has finished.
    func waitForOtherThread(_ deliver: @escaping @Sendable (UserClosureWaitRig) -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            deliver(self)
            done.signal()
        }
        let inTime = done.wait(timeout: .now() + timeout) == .success
        state.lock()
        waited = true
        blocked = blocked || !inTime
        state.unlock()
    }

    /// Runs `trigger` on its own thread and waits for it (bounded).
    ///
    /// - Parameter trigger: Sends what makes the operator call the user closure.
    func run(_ trigger: @escaping @Sendable (UserClosureWaitRig) -> Void) -> Outcome {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            trigger(self)
            done.signal()
        }
        let finished = done.wait(timeout: .now() + timeout * 3) == .success
        state.lock()
        defer { state.unlock() }
        return Outcome(waited: waited, blocked: blocked, finished: finished)
    }
}
