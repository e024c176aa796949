extension ObservableType {
    /// Collects every element and delivers them as one array when the source completes.
    ///
    /// An error from the source fails the single and the collected elements are dropped.
    ///
    /// ```swift
    /// _ = Observable.of("A", "B", "C").toArray()
    ///     .subscribe(onSuccess: { print($0) })
    /// // ["A", "B", "C"]
    /// ```
    ///
    /// - Returns: A single of all the source's elements, in order.
    public func toArray() -> Single<[Element]> {
        PrimitiveSequence(raw: ToArrayProducer(source: asObservable()))
    }
}

/// Appends each element to the array of one subscription. Single source: no lock.
private final class ToArraySink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [SourceElement] {
    private var elements: [SourceElement] = []

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            elements.append(element)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(elements))
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/toArray()``.
private final class ToArrayProducer<SourceElement>: Producer<[SourceElement]> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == [SourceElement] {
        let sink = ToArraySink<SourceElement, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
