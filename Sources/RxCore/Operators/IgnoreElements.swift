extension ObservableType {
    /// Drops every element and passes on only the completion or the error, as a
    /// ``Completable``.
    ///
    /// This is the overload the compiler picks when nothing else decides, so
    /// `let done = source.ignoreElements()` is a `Completable` and `.andThen(...)` follows
    /// directly. Where an observable is expected, the `Observable<Never>` overload (RxSwift 6's
    /// return type) is chosen instead.
    ///
    /// ```swift
    /// let strikes = PublishSubject<String>()
    /// _ = strikes.ignoreElements().subscribe(onCompleted: { print("You're out!") })
    /// strikes.onNext("X")
    /// strikes.onNext("X")
    /// strikes.onNext("X")
    /// strikes.onCompleted()
    /// // You're out!
    /// ```
    ///
    /// - Returns: A completable with the source's stop event.
    public func ignoreElements() -> Completable {
        PrimitiveSequence(raw: IgnoreElementsProducer(source: asObservable()))
    }

    /// Drops every element and passes on only the completion or the error, as an
    /// `Observable<Never>` (RxSwift 6's return type).
    ///
    /// Chosen when the context asks for an observable, for example
    /// `let stops: Observable<Never> = source.ignoreElements()`;
    /// ``ObservableType/asCompletable()`` turns it into a ``Completable``.
    ///
    /// ```swift
    /// let stops: Observable<Never> = Observable.of(1, 2).ignoreElements()
    /// _ = stops.subscribe { print($0) }
    /// // completed
    /// ```
    ///
    /// - Returns: A sequence of the source's stop event only.
    @_disfavoredOverload
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
