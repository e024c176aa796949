import Dispatch
import Foundation

/// Blocks the calling thread until ``signal()`` is called or a timeout passes.
///
/// Off the main thread it simply waits on a semaphore. On the main thread it turns the run
/// loop in short steps instead, so work queued on the main queue (or on the run loop) keeps
/// running: a source that delivers there would otherwise never get to signal. When the run
/// loop has nothing to run it sleeps on the semaphore rather than spinning.
final class BlockingWait: Sendable {
    /// How long one turn of the main run loop may wait for input before the wait checks
    /// again whether it was signalled or timed out.
    static let runLoopStep: TimeInterval = 0.01

    private let semaphore = DispatchSemaphore(value: 0)
    private let onMainThread: Bool

    /// Creates a wait for the current thread; call ``wait(timeout:)`` on the same thread.
    init() {
        onMainThread = Thread.isMainThread
    }

    /// Wakes the waiting thread. Call it at most once.
    func signal() {
        semaphore.signal()
        if onMainThread {
            // An empty main-queue block makes the main run loop return from its current turn
            // at once instead of at the end of its step.
            DispatchQueue.main.async {}
        }
    }

    /// Blocks until ``signal()`` or until `timeout` seconds have passed.
    ///
    /// - Parameter timeout: The longest wait in seconds; `nil` waits indefinitely.
    /// - Returns: `true` when signalled, `false` when the timeout passed first.
    func wait(timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: max($0, 0)) }
        if onMainThread {
            return waitTurningRunLoop(until: deadline)
        }
        guard let timeout else {
            semaphore.wait()
            return true
        }
        return semaphore.wait(timeout: .now() + max(timeout, 0)) == .success
    }

    private func waitTurningRunLoop(until deadline: Date?) -> Bool {
        while true {
            if semaphore.wait(timeout: .now()) == .success {
                return true
            }
            let now = Date()
            if let deadline, now >= deadline {
                return false
            }
            let stepEnd = min(deadline ?? .distantFuture, now.addingTimeInterval(Self.runLoopStep))
            if !RunLoop.current.run(mode: .default, before: stepEnd) {
                // No input sources: nothing can arrive through the run loop, so sleep instead.
                let remaining = max(stepEnd.timeIntervalSinceNow, 0)
                if semaphore.wait(timeout: .now() + remaining) == .success {
                    return true
                }
            }
        }
    }
}
