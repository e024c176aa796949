extension ObservableType {
    /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
    ///
    /// Use it when subscribing does work that must not run on the caller's thread (a source
    /// that reads a file as it is subscribed, say). Where the events are delivered is up to
    /// the source; use ``observe(on:)`` to choose that.
    ///
    /// ```swift
    /// _ = expensiveToStart
    ///     .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
    ///     .subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameter scheduler: The scheduler that subscribes to the source and disposes the
    ///   subscription.
    /// - Returns: The source's events, from a subscription made on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOnProducer(source: self, scheduler: scheduler)
    }

    /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler that subscribes to the source and disposes the
    ///   subscription.
    /// - Returns: The source's events, from a subscription made on `scheduler`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

/// Passes the source's events on; a stop event ends the subscription.
private final class SubscribeOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// Schedules the subscription. Until it has run, disposing cancels it; afterwards,
    /// disposing schedules the disposal of the source subscription on `scheduler`.
    func run<Source: ObservableType>(source: Source, scheduler: ImmediateSchedulerType) -> Disposable
    where Source.Element == Element {
        let whole = SerialDisposable()
        let pendingSubscription = SingleAssignmentDisposable()
        whole.disposable = pendingSubscription
        pendingSubscription.setDisposable(
            scheduler.schedule(source) { source in
                let subscription = source.subscribe(self)
                whole.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
                return Disposables.create()
            }
        )
        return whole
    }

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/subscribe(on:)``.
///
/// It keeps the source as it is, without `asObservable()`: a wrapper would end the source
/// subscription at a stop event on the thread that sent it, while the source subscription
/// must be disposed on the scheduler.
private final class SubscribeOnProducer<Source: ObservableType>: Producer<Source.Element> {
    private let source: Source
    private let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, scheduler: scheduler)
        return (sink: sink, subscription: subscription)
    }
}
