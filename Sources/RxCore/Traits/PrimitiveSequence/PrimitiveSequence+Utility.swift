// The time and scheduling operators shared by every trait; they delegate to the observable
// operators of the same name and keep the trait.

extension PrimitiveSequence {
    /// Delays the success or completion by `dueTime`; an error is passed on at once.
    ///
    /// - Parameters:
    ///   - dueTime: How long to hold each event.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The same trait, its event delayed.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to the sequence `dueTime` after the subscription is made.
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: The same trait, subscribed later.
    public func delaySubscription(
        _ dueTime: RxTimeInterval,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Delivers the event on `scheduler`.
    ///
    /// - Parameter scheduler: Where the subscriber receives the event.
    /// - Returns: The same trait, observed on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Delivers the event on `scheduler` (RxSwift 5 spelling).
    ///
    /// - Parameter scheduler: Where the subscriber receives the event.
    /// - Returns: The same trait, observed on `scheduler`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Subscribes to, and disposes of, the sequence on `scheduler`.
    ///
    /// - Parameter scheduler: Where the subscription and disposal run.
    /// - Returns: The same trait, subscribed on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// Subscribes to, and disposes of, the sequence on `scheduler` (RxSwift 5 spelling).
    ///
    /// - Parameter scheduler: Where the subscription and disposal run.
    /// - Returns: The same trait, subscribed on `scheduler`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// Fails with ``RxError/timeout`` when the event does not arrive within `dueTime`.
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: The same trait, or a timeout error.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when the event does not arrive within `dueTime`.
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed.
    ///   - other: The sequence of the same trait to switch to.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: This sequence's event, or `other`'s after a timeout.
    public func timeout(
        _ dueTime: RxTimeInterval,
        other: PrimitiveSequence<Trait, Element>,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}

extension PrimitiveSequence {
    /// Prints the event, the subscription and the disposal, each on a timestamped line, and
    /// passes the event through unchanged; the trait is kept.
    ///
    /// The lines read as those of the observable `debug`. A `Single`'s success prints as
    /// `Event next(…)` followed by `Event completed`, the events it is made of.
    ///
    /// ```swift
    /// _ = Single.just(1).debug("answer").subscribe()
    /// // 2017-06-30 20:24:46.078: answer -> subscribed
    /// // 2017-06-30 20:24:46.079: answer -> Event next(1)
    /// // 2017-06-30 20:24:46.079: answer -> Event completed
    /// // 2017-06-30 20:24:46.080: answer -> isDisposed
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The name printed on each line; by default `File.swift:line (function)`
    ///     of the call site.
    ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
    ///   - file: The call site's file, for the default identifier.
    ///   - line: The call site's line, for the default identifier.
    ///   - function: The call site's function, for the default identifier.
    /// - Returns: The same trait, with its events printed.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function)
        )
    }
}
