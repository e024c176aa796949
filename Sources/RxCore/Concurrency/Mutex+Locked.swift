import Synchronization

extension Mutex where Value == Void {
    /// Runs `body` while holding the lock and returns its result.
    ///
    /// The state the lock protects lives in the owner's stored properties, so the result is
    /// not required to be `sending`. Never call user code or observers inside `body`: the
    /// lock is not recursive.
    @inlinable
    @inline(__always)
    func locked<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        withLock { _ in result = body() }
        return result.unsafelyUnwrapped
    }
}
