#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that can only be reached while holding its lock: the project's ``Lock`` primitive
/// wrapped once, so that a class keeping its mutable state in a `let` box is checked `Sendable`
/// instead of `@unchecked`.
///
/// One allocation holds the state and the lock (a `ManagedBuffer`, as swift-nio's
/// `NIOLockedValueBox` and swift-async-algorithms' `ManagedCriticalState` do). Like ``Lock`` it
/// is a `pthread_mutex_t` (`os_unfair_lock` on Darwin), which the thread sanitizer sees. Copies
/// share the same state. Never call user code, observers or `dispose()` inside ``withLock(_:)``:
/// return what to do and do it after.
package struct LockedValue<State> {
    private let storage: LockedValueStorage<State>

    /// Creates the box holding `initial`.
    package init(_ initial: State) {
        let buffer = LockedValueStorage<State>.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: LockedValueStorage<State>.self)
        storage.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
            #else
            lock.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(lock, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
            #endif
        }
    }

    /// Runs `body` with the state while holding the lock and returns its result.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, lock in
            #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
            #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&state.pointee)
        }
    }
}

// @unchecked: the state is reached only in `withLock`, under the lock (a `ManagedBuffer` cannot
// be `Sendable` itself); the lock is a pthread/os_unfair_lock, made for use from any thread.
extension LockedValue: @unchecked Sendable where State: Sendable {}

#if canImport(Darwin)
/// The platform lock kept in a ``LockedValue``'s allocation.
typealias LockedValuePrimitive = os_unfair_lock
#else
/// The platform lock kept in a ``LockedValue``'s allocation.
typealias LockedValuePrimitive = pthread_mutex_t
#endif

/// The allocation behind a ``LockedValue``: the state as the header, the lock as the one element.
final class LockedValueStorage<State>: ManagedBuffer<State, LockedValuePrimitive> {
    deinit {
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
            #endif
            _ = lock.deinitialize(count: 1)
        }
    }
}
