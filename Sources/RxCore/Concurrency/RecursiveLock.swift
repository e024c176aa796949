import Foundation

/// A lock the owning thread may take again: for operators that merge several sources and
/// must deliver their events one at a time, even when delivering one event makes a source
/// emit another on the same thread (RxSwift's ordering for merge, combineLatest and zip).
///
/// Prefer `Lock` when the lock only guards state; hold this one while
/// forwarding only where the operator's contract requires serialized delivery.
final class RecursiveLock: Sendable {
    private let underlying = NSRecursiveLock()

    init() {}

    @inline(__always)
    func lock() {
        underlying.lock()
    }

    @inline(__always)
    func unlock() {
        underlying.unlock()
    }

    /// Runs `body` while holding the lock.
    @inline(__always)
    func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        underlying.lock()
        defer { underlying.unlock() }
        return try body()
    }
}
