extension ObservableType {
    /// Pairs each element with its zero-based index in the sequence.
    ///
    /// Each subscription counts from zero. Should the index ever reach `Int.max`, the
    /// sequence fails with ``RxError/overflow`` instead of sending that element.
    ///
    /// ```swift
    /// _ = Observable.of("a", "b")
    ///     .enumerated()
    ///     .subscribe(onNext: { print($0.index, $0.element) })
    /// // 0 a
    /// // 1 b
    /// ```
    ///
    /// - Returns: A sequence of `(index, element)` tuples.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        EnumeratedProducer(source: asObservable())
    }
}

/// Counts the elements of one subscription.
private final class EnumeratedSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == (index: Int, element: Element) {
    private var index = 0

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            guard index < Int.max else {
                forwardOn(.error(RxError.overflow))
                dispose()
                return
            }
            let current = index
            index = current + 1
            forwardOn(.next((index: current, element: element)))
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/enumerated()``.
private final class EnumeratedProducer<Element>: Producer<(index: Int, element: Element)> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == (index: Int, element: Element) {
        let sink = EnumeratedSink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
