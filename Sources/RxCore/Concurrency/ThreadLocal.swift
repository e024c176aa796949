#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A per-thread object slot backed by a pthread key; the object is released when its thread ends.
final class ThreadLocal<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        PthreadStatus.check(status, "pthread_key_create")
        self.key = key
    }

    /// The current thread's object, or `nil` when it has none yet.
    var value: Value? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(key) {
                Unmanaged<AnyObject>.fromOpaque(old).release()
            }
            let pointer = newValue.map { Unmanaged.passRetained($0 as AnyObject).toOpaque() }
            PthreadStatus.check(pthread_setspecific(key, pointer), "pthread_setspecific")
        }
    }

    /// The current thread's object, created with `make` on first use.
    func value(orMake make: () -> Value) -> Value {
        if let existing = value { return existing }
        let created = make()
        value = created
        return created
    }
}

/// An identifier of the calling thread, cheap to read and stable for the thread's life.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
