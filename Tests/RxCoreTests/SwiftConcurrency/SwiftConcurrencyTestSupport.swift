import Foundation
import RxCore
import TestSupport

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
func eventually(
    timeout: Duration = .seconds(60),
    _ condition: @Sendable () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// A one-shot signal a test can wait on from async code.
final class TestSignal: Sendable {
    private let fired = Locked(false)

    var isFired: Bool { fired.withLock { $0 } }

    func fire() { fired.withLock { $0 = true } }

    /// Waits until the signal fires; returns `false` on timeout.
    func wait(timeout: Duration = .seconds(60)) async -> Bool {
        await eventually(timeout: timeout) { self.isFired }
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
