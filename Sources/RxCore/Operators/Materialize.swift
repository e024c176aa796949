extension ObservableType {
    /// Turns every event of the sequence, stop events included, into an element.
    ///
    /// The source's error or completion arrives as a last `.next` element, after which the
    /// result completes: the result itself never fails. ``ObservableType/dematerialize()``
    /// is the inverse.
    ///
    /// ```swift
    /// let failing = Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onError(MyError())
    ///     return Disposables.create()
    /// }
    /// _ = failing
    ///     .materialize()
    ///     .subscribe { print($0) }
    /// // next(next(1))
    /// // next(error(MyError()))
    /// // completed
    /// ```
    ///
    /// - Returns: A sequence of the source's events as elements.
    public func materialize() -> Observable<Event<Element>> {
        MaterializeProducer(source: asObservable())
    }
}

/// Wraps each event of one subscription into a `.next`.
private final class MaterializeSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Event<Element> {
    func on(_ event: Event<Element>) {
        forwardOn(.next(event))
        if event.isStopEvent {
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/materialize()``.
private final class MaterializeProducer<Element>: Producer<Event<Element>> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Event<Element> {
        let sink = MaterializeSink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
