extension ObservableType {
    /// Delivers the source's events to the observer on `scheduler`, in order, one at a time.
    ///
    /// Use it to move the work downstream off the thread the source emits on, for example
    /// to the main queue before touching the user interface. Subscription and disposal
    /// still happen where they are called (see ``subscribe(on:)`` to move those).
    ///
    /// On a serial dispatch scheduler (``SerialDispatchQueueScheduler`` and
    /// ``MainScheduler``) the events wait in a queue that one scheduled drain empties, so a
    /// burst of elements costs a single hop. Disposing the subscription on that same
    /// scheduler guarantees that nothing is delivered once `dispose()` has returned, even
    /// events that were already waiting. Other schedulers deliver one event per scheduled
    /// step.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3)
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { print("on the main queue:", $0) })
    /// ```
    ///
    /// - Parameter scheduler: The scheduler the observer receives the events on.
    /// - Returns: The source's events, delivered on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            return ObserveOnSerialProducer(source: asObservable(), scheduler: serial)
        }
        return ObserveOnProducer(source: asObservable(), scheduler: scheduler)
    }

    /// Delivers the source's events to the observer on `scheduler`.
    ///
    /// - Parameter scheduler: The scheduler the observer receives the events on.
    /// - Returns: The source's events, delivered on `scheduler`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

/// The observable behind ``ObservableType/observe(on:)`` for serial dispatch schedulers.
final class ObserveOnSerialProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: SerialDispatchQueueScheduler

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObserveOnSerialSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable behind ``ObservableType/observe(on:)`` for any other scheduler.
final class ObserveOnProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
