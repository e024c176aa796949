extension ObservableType {
    /// Transforms each element with `transform` and sends only the non-`nil` results.
    ///
    /// Stop events pass through unchanged. When `transform` throws, the error is sent
    /// downstream and the source subscription is disposed.
    ///
    /// ```swift
    /// _ = Observable.of("1", "two", "3")
    ///     .compactMap { Int($0) }
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 3
    /// ```
    ///
    /// - Parameter transform: The function applied to each element; `nil` drops the element.
    /// - Returns: A sequence of the non-`nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMapProducer(source: asObservable(), transform: transform)
    }
}

/// Applies the transform to each element of one subscription and drops the `nil` results.
private final class CompactMapSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Transform = (SourceElement) throws -> Observer.Element?

    private let transform: Transform

    init(transform: @escaping Transform, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            let result: Observer.Element?
            do {
                result = try transform(element)
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            if let result {
                forwardOn(.next(result))
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/compactMap(_:)``.
private final class CompactMapProducer<SourceElement, Result>: Producer<Result> {
    private let source: Observable<SourceElement>
    private let transform: (SourceElement) throws -> Result?

    init(source: Observable<SourceElement>, transform: @escaping (SourceElement) throws -> Result?) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = CompactMapSink(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
