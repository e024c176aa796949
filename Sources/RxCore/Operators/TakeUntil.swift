extension ObservableType {
    /// Returns the source's elements until `other` emits an element, then completes.
    ///
    /// `other` is subscribed first, then the source. The first element of `other` completes
    /// the result and disposes both subscriptions; an error from `other` ends the result with
    /// that error; a completion of `other` without an element only ends the subscription to
    /// `other`, and the source goes on.
    ///
    /// ```swift
    /// subject.take(until: trigger).subscribe { print($0) }
    /// subject.onNext("1")
    /// trigger.onNext("X")
    /// subject.onNext("3")
    /// // next(1)
    /// // completed
    /// ```
    ///
    /// - Parameter other: The sequence whose first element ends the result.
    /// - Returns: The source's elements up to the moment `other` emits.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntilProducer(source: asObservable(), other: other.asObservable())
    }

    /// Returns the source's elements until `other` emits an element, then completes.
    ///
    /// - Parameter other: The sequence whose first element ends the result.
    /// - Returns: The source's elements up to the moment `other` emits.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }
}

/// Forwards the source's events until `other` emits; `other` is subscribed before the source.
private final class TakeUntilSink<Other, Observer: ObserverType>: TriggeredSink<Other, Observer>, ObserverType {
    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let triggerSubscription = subscribe(toTrigger: other)
        return Disposables.create(source.subscribe(self), triggerSubscription)
    }

    func on(_ event: Event<Element>) {
        if case .next = event {
            lock.performLocked { forwardOn(event) }
        } else {
            stop(with: event, claimedUnder: lock)
        }
    }

    /// The first element of `other` completes the result; its teardown ends the subscription
    /// to `other`.
    override func triggerFired() -> Bool {
        stop(with: .completed, claimedUnder: lock)
        return false
    }
}

/// The observable behind ``ObservableType/take(until:)``.
private final class TakeUntilProducer<Element, Other>: TriggeredProducer<Element, Other> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, other: other)
        return (sink: sink, subscription: subscription)
    }
}
