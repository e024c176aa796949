extension ObservableType {
    /// Views the sequence as a ``Maybe``: its only element if any, delivered when it completes.
    ///
    /// The element is held until the source completes, then sent as the success; a source
    /// that completes empty completes the maybe. A second element fails at once with
    /// ``RxError/moreThanOneElement`` and disposes the source.
    ///
    /// ```swift
    /// _ = Observable<Int>.empty().asMaybe().subscribe { print($0) }
    /// // completed
    /// ```
    ///
    /// - Returns: A maybe of the source's element.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: AsMaybeProducer(source: asObservable()))
    }
}

/// Holds the element, if any, until the source completes. Single source: no lock.
private final class AsMaybeSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private var element: Element?

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if element != nil {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
                return
            }
            element = value
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if let element {
                forwardOn(.next(element))
            }
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/asMaybe()``.
private final class AsMaybeProducer<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AsMaybeSink(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
