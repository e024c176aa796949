extension ObservableType {
    /// Drops elements while `predicate` returns `true`, then returns every element from the
    /// first one for which it returns `false`.
    ///
    /// Once an element gets through, `predicate` is not called again. If it throws, the error
    /// ends the sequence and the source subscription is disposed.
    ///
    /// ```swift
    /// _ = Observable.of(2, 2, 3, 4, 4)
    ///     .skip(while: { $0.isMultiple(of: 2) })
    ///     .subscribe(onNext: { print($0) })
    /// // 3
    /// // 4
    /// // 4
    /// ```
    ///
    /// - Parameter predicate: Says, for each leading element, whether to drop it.
    /// - Returns: The sequence from the first element that fails `predicate` on.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SkipWhileProducer(source: asObservable(), predicate: predicate)
    }

    /// Drops elements while `predicate` returns `true`, then returns all the rest.
    ///
    /// - Parameter predicate: Says, for each leading element, whether to drop it.
    /// - Returns: The sequence from the first element that fails `predicate` on.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }
}

private final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let predicate: (Element) throws -> Bool
    /// Whether an element has got through; from then on everything does.
    private var passing = false

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if !passing {
                do {
                    passing = try !predicate(element)
                } catch {
                    forwardOn(.error(error))
                    dispose()
                    return
                }
                if !passing { return }
            }
            forwardOn(event)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/skip(while:)``.
private final class SkipWhileProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
