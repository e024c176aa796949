/// A subject's lock, and in debug builds the check that events are sent to the subject one at
/// a time.
///
/// Every subject sends an event the same way: it decides under the lock which observers get
/// it, then delivers it after the lock is released, and debug builds report a send that
/// overlaps another one (re-entrant, or from a second thread) through
/// ``Hooks/synchronizationAnomalyHandler``. The helpers are inlined: release builds pay for
/// the lock only.
struct SubjectLock: ~Copyable {
    private let lock = Lock()
    #if DEBUG
    private let tracker = SynchronizationTracker()
    #endif

    /// Runs `body` while holding the lock and returns its result.
    @inline(__always)
    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.locked(body)
    }

    /// Runs `send`, one event's way into the subject, and reports in debug builds when it
    /// overlaps another one.
    ///
    /// - Parameters:
    ///   - subject: The type of the subject, named in the report.
    ///   - send: Decides under the lock and delivers after it.
    @inline(__always)
    func sending(to subject: @autoclosure () -> Any.Type, _ send: () -> Void) {
        #if DEBUG
        tracker.enter(subject())
        defer { tracker.leave() }
        #endif
        send()
    }

    /// Sends `.next(element)`: `receive` picks the observers under the lock, and they get the
    /// element after it is released.
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - subject: The type of the subject, named in a debug report.
    ///   - receive: ``SubjectObservers/receiveNext(_:record:)`` of the subject's observers.
    @inline(__always)
    func send<Element>(next element: Element, to subject: @autoclosure () -> Any.Type, receive: () -> [AnyObject]) {
        sending(to: subject()) {
            let targets = locked(receive)
            SubjectObservers<Element>.deliverNext(element, to: targets)
        }
    }

    /// Sends a stop event: `receive` picks the observers under the lock, and they get the
    /// event after it is released.
    ///
    /// - Parameters:
    ///   - event: The stop event.
    ///   - subject: The type of the subject, named in a debug report.
    ///   - receive: ``SubjectObservers/receiveStop(_:)`` of the subject's observers.
    @inline(__always)
    func send<Element>(stop event: Event<Element>, to subject: @autoclosure () -> Any.Type, receive: () -> [AnyObject]) {
        sending(to: subject()) {
            let targets = locked(receive)
            SubjectObservers.deliver(event, to: targets)
        }
    }
}
