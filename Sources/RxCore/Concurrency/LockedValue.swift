/// A value that can only be reached while holding its lock: the project's ``PlatformMutex``
/// wrapped once, so that a class keeping its mutable state in a `let` box is checked `Sendable`
/// instead of `@unchecked`.
///
/// Copies share the same state. Never call user code, observers or `dispose()` inside
/// ``MutexGuarded/withLock(_:)``: return what to do and do it after.
package typealias LockedValue<State> = MutexGuarded<State, PlatformMutex>

/// A value kept with a mutex of kind `Mutex` in one allocation (a `ManagedBuffer`, as swift-nio's
/// `NIOLockedValueBox` and swift-async-algorithms' `ManagedCriticalState` do), reached only
/// while holding it. ``LockedValue`` is the non-recursive one; ``RecursiveLock`` keeps no state
/// in a recursive one. Copies share the same state and mutex.
package struct MutexGuarded<State, Mutex: PlatformMutexKind> {
    private let storage: MutexGuardedStorage<State, Mutex>

    /// Creates the box holding `initial`.
    package init(_ initial: State) {
        let buffer = MutexGuardedStorage<State, Mutex>.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: MutexGuardedStorage<State, Mutex>.self)
        storage.withUnsafeMutablePointerToElements { Mutex.initialize($0) }
    }

    /// Runs `body` with the state while holding the mutex and returns its result.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, mutex in
            Mutex.lock(mutex)
            defer { Mutex.unlock(mutex) }
            return try body(&state.pointee)
        }
    }

    /// Takes the mutex, for a critical section that does not fit a closure; call ``unlock()``
    /// on every path.
    @inline(__always)
    package func lock() {
        storage.withUnsafeMutablePointerToElements { Mutex.lock($0) }
    }

    /// Releases the mutex taken by ``lock()``.
    @inline(__always)
    package func unlock() {
        storage.withUnsafeMutablePointerToElements { Mutex.unlock($0) }
    }
}

// @unchecked: the state is reached only under the mutex (a `ManagedBuffer` cannot be `Sendable`
// itself); the mutex is a platform lock, made for use from any thread.
extension MutexGuarded: @unchecked Sendable where State: Sendable {}

/// The allocation behind a ``MutexGuarded``: the state as the header, the mutex as the one element.
final class MutexGuardedStorage<State, Mutex: PlatformMutexKind>: ManagedBuffer<State, Mutex.Primitive> {
    deinit {
        withUnsafeMutablePointerToElements { Mutex.destroy($0) }
    }
}
