import Dispatch
import Foundation

/// How long, in seconds, a test waits for something that should happen soon before it calls
/// it stuck (the hang guard).
///
/// Generous on purpose: on a loaded two-core machine a test task can wait minutes for a thread,
/// so this only matters when something is really stuck, never when the machine is merely busy.
/// Seconds rather than a `Duration`, which needs macOS 13 / iOS 16: deadlines are
/// `MonotonicInstant.after(seconds: hangGuardSeconds)`.
public let hangGuardSeconds: Double = 600

/// Runs `body` on a thread of its own and awaits its result without holding a thread of the
/// cooperative pool, so that a test that must block (a semaphore, a group, a child process)
/// never starves the tasks that other tests are waiting for.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public func onDedicatedThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.start()
    }
}

extension DispatchSemaphore {
    /// Waits for a signal on a dedicated thread; returns `false` if the hang guard passes first.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @discardableResult
    public func waitOffPool(timeout seconds: Double = hangGuardSeconds) async -> Bool {
        await onDedicatedThread { self.wait(timeout: .now() + seconds) == .success }
    }
}

extension DispatchGroup {
    /// Waits for the group on a dedicated thread; returns `false` if the hang guard passes first.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @discardableResult
    public func waitOffPool(timeout seconds: Double = hangGuardSeconds) async -> Bool {
        await onDedicatedThread { self.wait(timeout: .now() + seconds) == .success }
    }
}
