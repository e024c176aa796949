extension ObservableType {
    /// Returns the first `count` elements and completes right after the last of them.
    ///
    /// Once `count` elements have arrived the sequence completes and the source subscription
    /// is disposed. A `count` of zero completes at once without subscribing to the source.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3, 4, 5, 6)
    ///     .take(3)
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// // 3
    /// ```
    ///
    /// - Parameter count: How many elements to keep; it must not be negative (a negative
    ///   count stops the program, as in RxSwift).
    /// - Returns: A sequence of at most the first `count` elements.
    public func take(_ count: Int) -> Observable<Element> {
        if count == 0 {
            return Observable.empty()
        }
        return TakeCountProducer(source: asObservable(), count: count, rejectingNegativeFor: "take")
    }

    /// Returns the elements that arrive during `duration` after subscribing, then completes.
    ///
    /// The timer starts when the subscription is made, on `scheduler`; when it fires the
    /// sequence completes and the source subscription is disposed.
    ///
    /// ```swift
    /// // Elements at 1 s, 2 s and 3 s after subscribing:
    /// _ = source.take(for: .milliseconds(2_500), scheduler: scheduler).subscribe { print($0) }
    /// // next(1)
    /// // next(2)
    /// // completed      (2.5 s after subscribing)
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to keep elements for.
    ///   - scheduler: The scheduler that runs the timer and sends the completion.
    /// - Returns: The elements of the sequence's first `duration`.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeTimeProducer(source: asObservable(), dueTime: duration, scheduler: scheduler)
    }

    /// Returns the elements that arrive during `duration` after subscribing, then completes.
    ///
    /// - Parameters:
    ///   - duration: How long to keep elements for.
    ///   - scheduler: The scheduler that runs the timer and sends the completion.
    /// - Returns: The elements of the sequence's first `duration`.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

// MARK: - take(_ count:)

private final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// How many elements may still pass.
    private var remaining: Int

    init(count: Int, observer: Observer, cancel: Cancelable) {
        remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            guard remaining > 0 else { return }
            remaining -= 1
            forwardOn(event)
            if remaining == 0 {
                forwardOn(.completed)
                dispose()
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/take(_:)`` for a positive count.
private final class TakeCountProducer<Element>: CountProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeCountSink(count: count, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// MARK: - take(for:scheduler:)

/// Forwards the source until its timer completes it. The timer and the source may run on
/// different threads, so both deliver under one recursive lock.
private final class TakeTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let lock = RecursiveLock()

    func on(_ event: Event<Element>) {
        if case .next = event {
            lock.performLocked { forwardOn(event) }
        } else {
            stop(with: event, claimedUnder: lock)
        }
    }

    /// What the timer does: the sequence completes.
    func timeIsUp() {
        stop(with: .completed, claimedUnder: lock)
    }
}

/// The observable behind ``ObservableType/take(for:scheduler:)``.
private final class TakeTimeProducer<Element>: TimedProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeTimeSink(observer: observer, cancel: cancel)
        let subscription = subscribe(sink, afterStartingTimer: sink.timeIsUp)
        return (sink: sink, subscription: subscription)
    }
}
