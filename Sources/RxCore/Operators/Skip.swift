extension ObservableType {
    /// Drops the first `count` elements and returns the rest.
    ///
    /// A `count` of zero or less drops nothing. The error or completion is passed on
    /// unchanged, even if fewer than `count` elements arrived.
    ///
    /// ```swift
    /// _ = Observable.of("A", "B", "C", "D", "E", "F")
    ///     .skip(3)
    ///     .subscribe(onNext: { print($0) })
    /// // D
    /// // E
    /// // F
    /// ```
    ///
    /// - Parameter count: How many elements to drop from the start.
    /// - Returns: The sequence without its first `count` elements.
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCountProducer(source: asObservable(), count: count)
    }

    /// Drops the elements that arrive during `duration` after subscribing and returns the
    /// ones that come later.
    ///
    /// The timer starts when the subscription is made, on `scheduler`; an error or the
    /// completion is passed on whenever it comes.
    ///
    /// ```swift
    /// // Elements at 1 s, 2 s and 3 s after subscribing:
    /// _ = source.skip(.milliseconds(2_500), scheduler: scheduler).subscribe(onNext: { print($0) })
    /// // only the element at 3 s is printed
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to drop elements for.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: The sequence without the elements of its first `duration`.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipTimeProducer(source: asObservable(), dueTime: duration, scheduler: scheduler)
    }
}

// MARK: - skip(_ count:)

private final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// How many elements are still to be dropped.
    private var remaining: Int

    init(count: Int, observer: Observer, cancel: Cancelable) {
        remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if remaining > 0 {
                remaining -= 1
            } else {
                forwardOn(event)
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/skip(_:)``.
private final class SkipCountProducer<Element>: CountProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SkipCountSink(count: count, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// MARK: - skip(_ duration:scheduler:)

/// Forwards elements once its timer has fired. The timer only opens a flag and never
/// forwards, so source events need no lock; the flag is atomic because the timer may fire
/// on another thread.
private final class SkipTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    @exclusivity(unchecked) private var open = InlineAtomic<Bool>(false)

    /// What the timer does: from now on elements pass.
    func timeIsUp() {
        InlineAtomic.store(&open, true, ordering: .releasing)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if InlineAtomic.load(&open, ordering: .acquiring) {
                forwardOn(event)
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/skip(_:scheduler:)``.
private final class SkipTimeProducer<Element>: TimedProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SkipTimeSink(observer: observer, cancel: cancel)
        let subscription = subscribe(sink, afterStartingTimer: sink.timeIsUp)
        return (sink: sink, subscription: subscription)
    }
}
