extension ObservableType {
    /// Returns a sequence that emits the optional's value if there is one, and then completes.
    ///
    /// The events are delivered synchronously, during `subscribe`.
    ///
    /// ```swift
    /// let name: String? = nil
    /// _ = Observable.from(optional: name).subscribe { print($0) }
    /// // completed
    /// ```
    ///
    /// - Parameter optional: The value to emit, or `nil` for none.
    /// - Returns: A sequence of zero or one element.
    public static func from(optional: Element?) -> Observable<Element> {
        ObservableOptional(optional: optional)
    }

    /// Returns a sequence that emits the optional's value if there is one, and then completes,
    /// each event a separate action on `scheduler`.
    ///
    /// ```swift
    /// _ = Observable.from(optional: 7, scheduler: CurrentThreadScheduler.instance)
    ///     .subscribe { print($0) }
    /// // next(7)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - optional: The value to emit, or `nil` for none.
    ///   - scheduler: Where the events are sent from.
    /// - Returns: A sequence of zero or one element, delivered on `scheduler`.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObservableOptionalScheduled(optional: optional, scheduler: scheduler)
    }
}

/// The observable behind ``ObservableType/from(optional:)``: no sink, no trampoline.
private final class ObservableOptional<Element>: Producer<Element> {
    private let optional: Element?

    init(optional: Element?) {
        self.optional = optional
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if let element = optional {
            observer.on(.next(element))
        }
        observer.on(.completed)
        return Disposables.create()
    }
}

/// The observable behind ``ObservableType/from(optional:scheduler:)``.
private final class ObservableOptionalScheduled<Element>: Producer<Element> {
    let optional: Element?
    let scheduler: ImmediateSchedulerType

    init(optional: Element?, scheduler: ImmediateSchedulerType) {
        self.optional = optional
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObservableOptionalScheduledSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class ObservableOptionalScheduledSink<Observer: ObserverType>: Sink<Observer> {
    func run(_ parent: ObservableOptionalScheduled<Observer.Element>) -> Disposable {
        let scheduler = parent.scheduler
        return scheduler.schedule(parent.optional) { optional in
            guard let element = optional else {
                self.forwardOn(.completed)
                self.dispose()
                return Disposables.create()
            }
            self.forwardOn(.next(element))
            return scheduler.schedule(()) { _ in
                self.forwardOn(.completed)
                self.dispose()
                return Disposables.create()
            }
        }
    }
}
