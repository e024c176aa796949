extension ObservableType {
    /// Returns the one element at `index` (counting from zero) and completes right after it.
    ///
    /// Elements before `index` are dropped. Once the element arrives it is sent, the sequence
    /// completes and the source subscription is disposed. If the source completes before
    /// reaching `index`, the sequence fails with ``RxError/argumentOutOfRange``.
    ///
    /// ```swift
    /// _ = Observable.of("X", "Y", "Z").element(at: 2).subscribe { print($0) }
    /// // next(Z)
    /// // completed
    /// ```
    ///
    /// - Parameter index: The zero-based position of the element to keep; it must not be
    ///   negative (a negative index stops the program, as in RxSwift).
    /// - Returns: A sequence of at most the one element at `index`.
    public func element(at index: Int) -> Observable<Element> {
        ElementAtProducer(source: asObservable(), index: index)
    }

    /// Returns the one element at `index` and completes right after it.
    ///
    /// - Parameter index: The zero-based position of the element to keep.
    /// - Returns: A sequence of at most the one element at `index`.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

private final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// How many elements are still to be dropped before the one to send.
    private var remaining: Int

    init(index: Int, observer: Observer, cancel: Cancelable) {
        remaining = index
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if remaining == 0 {
                forwardOn(event)
                forwardOn(.completed)
                dispose()
                return
            }
            remaining -= 1
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            forwardOn(.error(RxError.argumentOutOfRange))
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/element(at:)``.
private final class ElementAtProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let index: Int

    init(source: Observable<Element>, index: Int) {
        if index < 0 {
            rxFatalError("element(at:): the index must not be negative (it is \(index))")
        }
        self.source = source
        self.index = index
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ElementAtSink(index: index, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
