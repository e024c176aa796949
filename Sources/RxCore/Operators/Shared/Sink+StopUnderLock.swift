extension Sink {
    /// Ends the sequence with `event` unless it has already ended.
    ///
    /// The end is claimed under `lock` and delivered and torn down after it is released: a
    /// source's teardown may wait for a lock whose holder waits for ours.
    ///
    /// - Parameters:
    ///   - event: The stop event.
    ///   - lock: The lock under which the sink handles its events.
    func stop(with event: Event<Observer.Element>, claimedUnder lock: RecursiveLock) {
        if lock.performLocked({ claimStop() }) {
            deliverStop(event)
        }
    }
}
