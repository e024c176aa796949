#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A kind of mutex of the platform, driven through a pointer to memory its owner keeps: the one
/// place where the core's locks (``Lock``, ``LockedValue``, ``RecursiveLock``) meet the
/// operating system, so the platform branches and the return-code checks are written once.
///
/// Every call's status is checked: a failure stops the program with a message naming the call
/// and its error code, instead of going on with a lock that is not held.
package protocol PlatformMutexKind {
    /// The platform's lock type, kept in the owner's memory and never moved once initialized.
    associatedtype Primitive

    /// Makes the uninitialized memory at `mutex` an unlocked mutex.
    static func initialize(_ mutex: UnsafeMutablePointer<Primitive>)

    /// Takes the mutex, waiting while another thread holds it.
    static func lock(_ mutex: UnsafeMutablePointer<Primitive>)

    /// Releases the mutex the calling thread holds.
    static func unlock(_ mutex: UnsafeMutablePointer<Primitive>)

    /// Ends the mutex's life (it must be unlocked); the memory is left uninitialized.
    static func destroy(_ mutex: UnsafeMutablePointer<Primitive>)
}

/// The core's non-recursive mutex: `os_unfair_lock` on Darwin and a default `pthread_mutex_t`
/// elsewhere in release builds; in debug builds an error-checking `pthread_mutex_t` on every
/// platform, so that taking it again on the thread that holds it (a user closure or observer
/// that ran under one of our locks and came back in) stops the program with a message instead
/// of hanging.
///
/// A `pthread_mutex_t` rather than `Synchronization.Mutex` because the thread sanitizer sees
/// it (on Linux it cannot see `Mutex`'s futex) and because it needs no newer system.
package enum PlatformMutex: PlatformMutexKind {
    #if canImport(Darwin) && !DEBUG
    package typealias Primitive = os_unfair_lock
    #else
    package typealias Primitive = pthread_mutex_t
    #endif

    package static func initialize(_ mutex: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin) && !DEBUG
        mutex.initialize(to: os_unfair_lock())
        #elseif DEBUG
        PthreadMutex.initialize(mutex, type: Int32(PTHREAD_MUTEX_ERRORCHECK))
        #else
        PthreadMutex.initialize(mutex, type: nil)
        #endif
    }

    @inline(__always)
    package static func lock(_ mutex: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin) && !DEBUG
        os_unfair_lock_lock(mutex)
        #else
        PthreadMutex.lock(mutex)
        #endif
    }

    @inline(__always)
    package static func unlock(_ mutex: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin) && !DEBUG
        os_unfair_lock_unlock(mutex)
        #else
        PthreadMutex.unlock(mutex)
        #endif
    }

    package static func destroy(_ mutex: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin) && !DEBUG
        mutex.deinitialize(count: 1)
        #else
        PthreadMutex.destroy(mutex)
        #endif
    }
}

/// The core's recursive mutex, for the operators whose delivery must stay serialized even when
/// delivering one event makes a source emit another on the same thread: a recursive
/// `pthread_mutex_t` on every platform (Darwin has no public recursive unfair lock).
package enum PlatformRecursiveMutex: PlatformMutexKind {
    package typealias Primitive = pthread_mutex_t

    package static func initialize(_ mutex: UnsafeMutablePointer<Primitive>) {
        PthreadMutex.initialize(mutex, type: Int32(PTHREAD_MUTEX_RECURSIVE))
    }

    @inline(__always)
    package static func lock(_ mutex: UnsafeMutablePointer<Primitive>) {
        PthreadMutex.lock(mutex)
    }

    @inline(__always)
    package static func unlock(_ mutex: UnsafeMutablePointer<Primitive>) {
        PthreadMutex.unlock(mutex)
    }

    package static func destroy(_ mutex: UnsafeMutablePointer<Primitive>) {
        PthreadMutex.destroy(mutex)
    }
}

/// The `pthread_mutex_*` calls with their statuses checked, shared by both kinds.
enum PthreadMutex {
    /// Initializes `mutex` with the given `PTHREAD_MUTEX_*` type, or the default when `nil`.
    static func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>, type: Int32?) {
        mutex.initialize(to: pthread_mutex_t())
        guard let type else {
            check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
            return
        }
        var attributes = pthread_mutexattr_t()
        check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        check(pthread_mutexattr_settype(&attributes, type), "pthread_mutexattr_settype")
        check(pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
        check(pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
    }

    @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        let status = pthread_mutex_lock(mutex)
        if status != 0 {
            fail("pthread_mutex_lock", status)
        }
    }

    @inline(__always)
    static func unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        let status = pthread_mutex_unlock(mutex)
        if status != 0 {
            fail("pthread_mutex_unlock", status)
        }
    }

    static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deinitialize(count: 1)
    }

    @inline(__always)
    private static func check(_ status: Int32, _ call: StaticString) {
        if status != 0 {
            fail(call, status)
        }
    }

    /// Stops the program for a failed call (a mutex's or, through ``PthreadStatus``, another
    /// pthread call's), with the message the C side's `rxtrace_pthread_call_failed` gives: out of line, so the lock and unlock paths stay a
    /// compare and a branch. `EDEADLK` from an error-checking mutex is the one failure a caller
    /// of ours can cause, so it gets a message that says what went wrong.
    @inline(never)
    static func fail(_ call: StaticString, _ status: Int32) -> Never {
        if status == EDEADLK {
            fatalError(
                "rxtrace: lock taken again on the thread that holds it: a user closure or observer ran under an internal lock (\(call) returned EDEADLK)"
            )
        }
        let name: String
        switch status {
        case EPERM: name = "EPERM"
        case EINVAL: name = "EINVAL"
        case EBUSY: name = "EBUSY"
        case EAGAIN: name = "EAGAIN"
        case ENOMEM: name = "ENOMEM"
        default: name = "error \(status)"
        }
        fatalError("rxtrace: \(call) failed with \(name)")
    }
}
