/// The observable behind ``ObservableType/asSingle()`` and ``ObservableType/asMaybe()``: the
/// source's only element, held until the source completes.
///
/// The two operators differ only in how an empty source ends: with `emptyError`
/// (``RxError/noElements`` for a single) or, when it is `nil`, with a plain completion.
final class OnlyElementProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let emptyError: Swift.Error?

    init(source: Observable<Element>, emptyError: Swift.Error?) {
        self.source = source
        self.emptyError = emptyError
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = OnlyElementSink(emptyError: emptyError, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// Holds the one element until the source completes; a second element fails at once. Single
/// source: no lock.
private final class OnlyElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let emptyError: Swift.Error?
    private var element: Element?

    init(emptyError: Swift.Error?, observer: Observer, cancel: Cancelable) {
        self.emptyError = emptyError
        super.init(observer: observer, cancel: cancel)
    }

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
            } else if let emptyError {
                forwardOn(.error(emptyError))
            } else {
                forwardOn(.completed)
            }
            dispose()
        }
    }
}
