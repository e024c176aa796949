extension ObservableType {
    /// Returns a ``Single`` of the source's first element, or of `nil` when the source
    /// completes without one.
    ///
    /// The success comes as soon as the first element arrives, and the source is disposed
    /// then. An error before any element fails the single.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3).first().subscribe(onSuccess: { print($0 as Any) })
    /// // Optional(1)
    /// _ = Observable<Int>.empty().first().subscribe(onSuccess: { print($0 as Any) })
    /// // nil
    /// ```
    ///
    /// - Returns: A single of the first element, or of `nil`.
    public func first() -> Single<Element?> {
        PrimitiveSequence(raw: FirstProducer(source: asObservable()))
    }
}

/// Succeeds with the first element, or with `nil` at an empty completion. Single source: no
/// lock.
private final class FirstSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == SourceElement? {
    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            forwardOn(.next(element))
            forwardOn(.completed)
            dispose()
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(nil))
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/first()``.
private final class FirstProducer<SourceElement>: Producer<SourceElement?> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceElement? {
        let sink = FirstSink<SourceElement, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
