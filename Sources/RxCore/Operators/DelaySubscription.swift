extension ObservableType {
    /// Subscribes to the source only once `dueTime` has passed; its events then pass
    /// through unchanged.
    ///
    /// Nothing is delivered and the source does not run before the delay. Disposing before
    /// the delay cancels the subscription that was about to happen.
    ///
    /// ```swift
    /// // a cold source that sends 42 ten seconds after each subscription
    /// _ = source.delaySubscription(.seconds(30), scheduler: scheduler).subscribe { print($0) }
    /// // next(42)     (at 40 s: subscribed at 30 s, then 10 s of the source)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing to the source.
    ///   - scheduler: The scheduler that runs the timer and subscribes to the source.
    /// - Returns: The source's events, from a subscription made `dueTime` later.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelaySubscriptionProducer(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

/// Passes the source's events on; a stop event ends the subscription.
private final class DelaySubscriptionSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func run(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        // The scheduled work disposes what the action returned (the source subscription) when
        // it is disposed after the run, and cancels the run when disposed before it.
        scheduler.scheduleRelative(source, dueTime: dueTime) { source in
            source.subscribe(self)
        }
    }

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/delaySubscription(_:scheduler:)``.
private final class DelaySubscriptionProducer<Element>: TimedProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, dueTime: dueTime, scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}
