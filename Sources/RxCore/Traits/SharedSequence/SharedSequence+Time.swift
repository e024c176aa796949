// The time-based operators of SharedSequence: their timers run on the strategy's scheduler,
// the one the events are delivered on.

extension SharedSequenceConvertibleType {
    /// Sends an element only once `dueTime` has passed without a newer one.
    ///
    /// ```swift
    /// let query: Driver<String> = searchText.debounce(.milliseconds(300))
    /// ```
    ///
    /// - Parameter dueTime: The quiet time an element must be followed by.
    /// - Returns: A shared sequence of the elements that were not superseded in time.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Sends at most one element per `dueTime`: the first at once and, with `latest`, the
    /// latest of the window at its end.
    ///
    /// - Parameters:
    ///   - dueTime: The shortest time between two elements sent.
    ///   - latest: Whether the latest element of a window is sent when it closes.
    /// - Returns: The throttled shared sequence.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// Sends each element and the completion `dueTime` later.
    ///
    /// - Parameter dueTime: How long to hold each event.
    /// - Returns: The delayed shared sequence.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}
