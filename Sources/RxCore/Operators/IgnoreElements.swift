extension ObservableType {
    /// Drops every element and passes on only the completion or the error.
    ///
    /// As in RxSwift 6 the result is an `Observable<Never>`; ``ObservableType/asCompletable()``
    /// turns it into a ``Completable``.
    ///
    /// ```swift
    /// let strikes = PublishSubject<String>()
    /// _ = strikes.ignoreElements().subscribe { _ in print("You're out!") }
    /// strikes.onNext("X")
    /// strikes.onNext("X")
    /// strikes.onNext("X")
    /// strikes.onCompleted()
    /// // You're out!
    /// ```
    ///
    /// - Returns: A sequence of the source's stop event only.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElementsProducer(source: asObservable())
    }
}

/// Forwards the stop event only. Single source: no lock.
private final class IgnoreElementsSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Never {
    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next:
            return
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/ignoreElements()``.
private final class IgnoreElementsProducer<SourceElement>: Producer<Never> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Never {
        let sink = IgnoreElementsSink<SourceElement, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
