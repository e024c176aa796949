import Dispatch
import Foundation

/// How long a test waits for something that should happen soon before it calls it stuck.
///
/// Generous on purpose: on a loaded two-core machine a test task can wait minutes for a thread,
/// so this only matters when something is really stuck, never when the machine is merely busy.
public let hangGuard: Duration = .seconds(600)

/// `hangGuard` in seconds, for the APIs that take a `TimeInterval` or a `DispatchTime`.
public let hangGuardSeconds: Double = 600

/// Runs `body` on a thread of its own and awaits its result without holding a thread of the
/// cooperative pool, so that a test that must block (a semaphore, a group, a child process)
/// never starves the tasks that other tests are waiting for.
public func onDedicatedThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.start()
    }
}

extension DispatchSemaphore {
    /// Waits for a signal on a dedicated thread; returns `false` if `hangGuard` passes first.
    @discardableResult
    public func waitOffPool(timeout seconds: Double = hangGuardSeconds) async -> Bool {
        await onDedicatedThread { self.wait(timeout: .now() + seconds) == .success }
    }
}

extension DispatchGroup {
    /// Waits for the group on a dedicated thread; returns `false` if `hangGuard` passes first.
    @discardableResult
    public func waitOffPool(timeout seconds: Double = hangGuardSeconds) async -> Bool {
        await onDedicatedThread { self.wait(timeout: .now() + seconds) == .success }
    }
}
