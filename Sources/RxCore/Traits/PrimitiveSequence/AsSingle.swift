extension ObservableType {
    /// Views the sequence as a ``Single``: its only element, delivered when it completes.
    ///
    /// The element is held until the source completes, then sent as the success. A source
    /// that completes empty fails with ``RxError/noElements``; a second element fails at once
    /// with ``RxError/moreThanOneElement`` and disposes the source.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2).asSingle().subscribe { print($0) }
    /// // failure(Sequence contains more than one element.)
    /// ```
    ///
    /// - Returns: A single of the source's only element.
    public func asSingle() -> Single<Element> {
        PrimitiveSequence(raw: AsSingleProducer(source: asObservable()))
    }
}

/// Holds the one element until the source completes. Single source: no lock.
private final class AsSingleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
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
                forwardOn(.completed)
            } else {
                forwardOn(.error(RxError.noElements))
            }
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/asSingle()``.
private final class AsSingleProducer<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AsSingleSink(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
