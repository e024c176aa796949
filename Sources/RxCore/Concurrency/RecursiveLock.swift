import Foundation

/// A lock the owning thread may take again: for operators that merge several sources and
/// must deliver their events one at a time, even when delivering one event makes a source
/// emit another on the same thread (RxSwift's ordering for merge, combineLatest and zip).
///
/// Prefer `Mutex<Void>.locked` when the lock only guards state; hold this one while
/// forwarding only where the operator's contract requires serialized delivery.
final class RecursiveLock: @unchecked Sendable {
    private let lock = NSRecursiveLock()

    init() {}

    @inline(__always)
    func lock() {
        self.lock.lock()
    }

    @inline(__always)
    func unlock() {
        self.lock.unlock()
    }

    /// Runs `body` while holding the lock.
    @inline(__always)
    func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        self.lock.lock()
        defer { self.lock.unlock() }
        return try body()
    }
}
