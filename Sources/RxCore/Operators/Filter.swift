extension ObservableType {
    /// Returns the elements of the sequence that satisfy `predicate`.
    ///
    /// Elements for which `predicate` returns `false` are dropped; the error or completion is
    /// passed on unchanged. If `predicate` throws, the error ends the sequence and the source
    /// subscription is disposed.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3, 4, 5, 6)
    ///     .filter { $0.isMultiple(of: 2) }
    ///     .subscribe(onNext: { print($0) })
    /// // 2
    /// // 4
    /// // 6
    /// ```
    ///
    /// - Parameter predicate: Decides, for each element, whether it passes.
    /// - Returns: A sequence of the elements that passed, in their original order.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        FilterProducer(source: asObservable(), predicate: predicate)
    }
}

private final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let predicate: (Element) throws -> Bool

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            _onNext(element)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    func _onCompleted() {
        forwardCompleted()
        dispose()
    }

    func _onError(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    @inline(__always)
    func _onNext(_ element: Element) {
        let passes: Bool
        do {
            passes = try predicate(element)
        } catch {
            forwardFailure(error)
            return
        }
        if passes {
            forwardNext(element)
        }
    }
}

private final class FilterProducer<Element>: Producer<Element> {
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
        let sink = FilterSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
