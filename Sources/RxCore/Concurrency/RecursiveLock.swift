/// A lock the owning thread may take again: for operators that merge several sources and
/// must deliver their events one at a time, even when delivering one event makes a source
/// emit another on the same thread (RxSwift's ordering for merge, combineLatest and zip).
///
/// Prefer `Lock` when the lock only guards state; hold this one while
/// forwarding only where the operator's contract requires serialized delivery. A
/// ``PlatformRecursiveMutex`` in one allocation, shared by copies; checked `Sendable` through
/// the ``MutexGuarded`` box it keeps no state in.
struct RecursiveLock: Sendable {
    private let mutex = MutexGuarded<Void, PlatformRecursiveMutex>(())

    init() {}

    @inline(__always)
    func lock() {
        mutex.lock()
    }

    @inline(__always)
    func unlock() {
        mutex.unlock()
    }

    /// Runs `body` while holding the lock.
    @inline(__always)
    func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }
}
