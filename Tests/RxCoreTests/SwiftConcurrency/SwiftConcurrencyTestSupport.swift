import Dispatch
import Foundation
import RxCore
import TestSupport

/// Polls `condition` until it holds or `timeout` seconds pass; returns whether it held. Prefer a
/// `TestSignal` fired by the producer: each poll needs a thread of the cooperative pool again.
func eventually(
    timeout seconds: Double = hangGuardSeconds,
    _ condition: @Sendable () -> Bool
) async -> Bool {
    let deadline = MonotonicInstant.after(seconds: seconds)
    while !condition() {
        if deadline.hasPassed { return false }
        try? await Task.sleep(milliseconds: 1)
    }
    return true
}

/// A one-shot signal a test can wait on from async code.
///
/// A waiter is suspended until `fire()` resumes it (or its hang guard passes, counted on a
/// dispatch timer): it takes no thread while it waits and needs one only once, to go on. A
/// waiter that polled would need a cooperative thread every millisecond and, on a loaded machine,
/// queue behind every other test each time.
final class TestSignal: Sendable {
    private struct State {
        var fired = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Locked(State())

    var isFired: Bool { state.withLock { $0.fired } }

    func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.fired = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Waits until the signal fires; returns `false` if `timeout` seconds pass first.
    func wait(timeout seconds: Double = hangGuardSeconds) async -> Bool {
        await withCheckedContinuation { continuation in
            let waiter = state.withLock { state -> Int? in
                if state.fired { return nil }
                let waiter = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[waiter] = continuation
                return waiter
            }
            guard let waiter else {
                continuation.resume(returning: true)
                return
            }
            let nanoseconds = seconds * 1e9
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(min(nanoseconds, 1e15)))) {
                let expired = self.state.withLock { $0.waiters.removeValue(forKey: waiter) }
                expired?.resume(returning: false)
            }
        }
    }
}

/// A single, maybe or completable source that records when it is subscribed and disposed,
/// and never sends anything by itself.
final class SilentSource: Sendable {
    let subscribed = TestSignal()
    let disposed = TestSignal()

    func observable<Element>(_ type: Element.Type = Element.self) -> Observable<Element> {
        Observable.create { _ in
            self.subscribed.fire()
            return Disposables.create { self.disposed.fire() }
        }
    }
}
