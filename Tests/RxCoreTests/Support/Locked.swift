import Foundation

/// A value behind a lock, for the test helpers.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex` so that the thread
/// sanitizer sees the synchronization: on Linux, `Mutex` waits with raw futex calls the
/// sanitizer does not intercept, and contended use is then reported as a race.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
