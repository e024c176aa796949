// The take and skip operators of Infallible; they delegate to the observable operators.

extension InfallibleType {
    /// Sends the first `count` elements, then completes.
    ///
    /// - Parameter count: How many elements to send.
    /// - Returns: An infallible of at most `count` elements.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Sends the elements that arrive within `duration` of the subscription, then completes.
    ///
    /// - Parameters:
    ///   - duration: How long to pass elements on.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: An infallible of the early elements.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Sends elements while `predicate` holds, and completes at the first that fails it.
    ///
    /// - Parameters:
    ///   - predicate: Says whether to keep going.
    ///   - behavior: Whether the element that fails the predicate is sent too.
    /// - Returns: An infallible of the leading elements that satisfy `predicate`.
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Sends elements until one satisfies `predicate`, then completes.
    ///
    /// - Parameters:
    ///   - predicate: Says when to stop.
    ///   - behavior: Whether the element that satisfies the predicate is sent too.
    /// - Returns: An infallible of the elements before the first that satisfies `predicate`.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior))
    }

    /// Sends elements until `other` sends an element, then completes.
    ///
    /// - Parameter other: The infallible whose first element stops this one.
    /// - Returns: An infallible of the elements before `other`'s first.
    public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Sends elements until `other` sends an element, then completes.
    ///
    /// An error from `other` would reach the subscriber, so `other` should not fail.
    ///
    /// - Parameter other: The sequence whose first element stops this one.
    /// - Returns: An infallible of the elements before `other`'s first.
    public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other))
    }

    /// Drops the first `count` elements and sends the rest.
    ///
    /// - Parameter count: How many elements to drop.
    /// - Returns: An infallible of the elements after the first `count`.
    public func skip(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().skip(count))
    }

    /// Drops the elements that arrive within `duration` of the subscription.
    ///
    /// - Parameters:
    ///   - duration: How long to drop elements.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: An infallible of the later elements.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().skip(duration, scheduler: scheduler))
    }

    /// Drops elements while `predicate` holds, then sends the rest.
    ///
    /// - Parameter predicate: Says whether to keep dropping.
    /// - Returns: An infallible from the first element that fails `predicate` on.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
    }

    /// Drops elements until `other` sends an element, then sends the rest.
    ///
    /// An error from `other` would reach the subscriber, so `other` should not fail.
    ///
    /// - Parameter other: The sequence whose first element opens the gate.
    /// - Returns: An infallible of the elements after `other`'s first.
    public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other))
    }
}
