import Foundation

/// A value behind a lock, for test code that shares it with closures running on other threads.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex` so that the thread
/// sanitizer sees the synchronization: on Linux, `Mutex` waits with raw futex calls the
/// sanitizer does not intercept, and contended use is then reported as a race.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` goes through `lock`.
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; keep `body` free of calls into the code
    /// under test, so that it never runs under the test's lock.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
