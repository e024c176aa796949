extension ObservableType {
    /// Passes on the source's only element and fails if there is not exactly one.
    ///
    /// The element is sent as soon as it arrives. A second element ends the sequence with
    /// ``RxError/moreThanOneElement``; a completion without any element ends it with
    /// ``RxError/noElements``.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2).single().subscribe { print($0) }
    /// // next(1)
    /// // error(Sequence contains more than one element.)
    /// ```
    ///
    /// - Returns: A sequence of the one element, or an error.
    public func single() -> Observable<Element> {
        SingleElementProducer(source: asObservable(), predicate: nil)
    }

    /// Passes on the only element that satisfies `predicate` and fails if there is not
    /// exactly one.
    ///
    /// Elements that fail `predicate` are dropped. A second matching element ends the
    /// sequence with ``RxError/moreThanOneElement``; a completion without a match ends it
    /// with ``RxError/noElements``. If `predicate` throws, the error ends the sequence.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3).single { $0.isMultiple(of: 2) }.subscribe { print($0) }
    /// // next(2)
    /// // completed
    /// ```
    ///
    /// - Parameter predicate: Says which elements count.
    /// - Returns: A sequence of the one matching element, or an error.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SingleElementProducer(source: asObservable(), predicate: predicate)
    }
}

private final class SingleElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let predicate: ((Element) throws -> Bool)?
    private var seenElement = false

    init(predicate: ((Element) throws -> Bool)?, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if let predicate {
                let matches: Bool
                do {
                    matches = try predicate(element)
                } catch {
                    forwardOn(.error(error))
                    dispose()
                    return
                }
                if !matches { return }
            }
            if seenElement {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
                return
            }
            seenElement = true
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            forwardOn(seenElement ? .completed : .error(RxError.noElements))
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/single()`` and ``ObservableType/single(_:)``.
private final class SingleElementProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: ((Element) throws -> Bool)?

    init(source: Observable<Element>, predicate: ((Element) throws -> Bool)?) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SingleElementSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
