#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The core's non-recursive lock, for state kept in the owner's stored properties.
///
/// Backed by `pthread_mutex_t` (`os_unfair_lock` on Darwin) rather than
/// `Synchronization.Mutex`, because the thread sanitizer sees these locks: on Linux it cannot
/// see `Mutex`'s futex, so every `Mutex`-guarded access would be reported as a race and the
/// stress tests would prove nothing. Never call user code or observers inside `locked`.
package struct Lock: ~Copyable {
    #if canImport(Darwin)
    private let handle: os_unfair_lock_t
    #else
    private let handle: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init() {
        #if canImport(Darwin)
        handle = .allocate(capacity: 1)
        handle.initialize(to: os_unfair_lock())
        #else
        handle = .allocate(capacity: 1)
        handle.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(handle, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(handle)
        #endif
        handle.deinitialize(count: 1)
        handle.deallocate()
    }

    /// Takes the lock, for a critical section that must move a consumed value in (which a
    /// closure cannot do); prefer ``locked(_:)``, and call ``unlock()`` on every path.
    @inline(__always)
    package func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(handle)
        #else
        pthread_mutex_lock(handle)
        #endif
    }

    /// Releases the lock taken by ``lock()``.
    @inline(__always)
    package func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(handle)
        #else
        pthread_mutex_unlock(handle)
        #endif
    }

    /// Runs `body` while holding the lock and returns its result.
    @inline(__always)
    package func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
