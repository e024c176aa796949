/// The core's non-recursive lock, for state kept in the owner's stored properties.
///
/// A ``PlatformMutex`` in its own allocation: `os_unfair_lock` on Darwin, `pthread_mutex_t`
/// elsewhere, error-checking in debug builds, so that taking it again on the thread that holds
/// it stops the program with a message instead of hanging. Never call user code or observers
/// inside `locked`.
package struct Lock: ~Copyable {
    private let handle: UnsafeMutablePointer<PlatformMutex.Primitive>

    package init() {
        handle = .allocate(capacity: 1)
        PlatformMutex.initialize(handle)
    }

    deinit {
        PlatformMutex.destroy(handle)
        handle.deallocate()
    }

    /// Takes the lock, for a critical section that must move a consumed value in (which a
    /// closure cannot do); prefer ``locked(_:)``, and call ``unlock()`` on every path.
    @inline(__always)
    package func lock() {
        PlatformMutex.lock(handle)
    }

    /// Releases the lock taken by ``lock()``.
    @inline(__always)
    package func unlock() {
        PlatformMutex.unlock(handle)
    }

    /// Runs `body` while holding the lock and returns its result.
    @inline(__always)
    package func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
