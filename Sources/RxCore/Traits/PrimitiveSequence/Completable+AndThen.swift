extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Continues with `second` once this completable completes.
    ///
    /// `second` is subscribed only after the completion; an error from this completable ends
    /// the result without subscribing it.
    ///
    /// - Parameter second: The single that runs after the completion.
    /// - Returns: A single with `second`'s outcome, or this completable's error.
    public func andThen<Result>(_ second: Single<Result>) -> Single<Result> {
        PrimitiveSequence(raw: AndThenProducer(completable: primitiveSequence.source, second: second.source))
    }

    /// Continues with `second` once this completable completes.
    ///
    /// - Parameter second: The maybe that runs after the completion.
    /// - Returns: A maybe with `second`'s outcome, or this completable's error.
    public func andThen<Result>(_ second: Maybe<Result>) -> Maybe<Result> {
        PrimitiveSequence(raw: AndThenProducer(completable: primitiveSequence.source, second: second.source))
    }

    /// Continues with `second` once this completable completes.
    ///
    /// - Parameter second: The completable that runs after the completion.
    /// - Returns: A completable that completes when both have completed.
    public func andThen(_ second: Completable) -> Completable {
        PrimitiveSequence(raw: AndThenProducer(completable: primitiveSequence.source, second: second.source))
    }

    /// Continues with the elements of `second` once this completable completes.
    ///
    /// ```swift
    /// saveDocument()
    ///     .andThen(Observable.of("Saved"))
    ///     .subscribe(onNext: { print($0) }, onError: { print($0) })
    /// // Saved
    /// ```
    ///
    /// - Parameter second: The sequence that runs after the completion.
    /// - Returns: The events of `second`, or this completable's error.
    public func andThen<Result>(_ second: Observable<Result>) -> Observable<Result> {
        AndThenProducer(completable: primitiveSequence.source, second: second.asObservable())
    }
}

/// Waits for the completable, then hands the downstream over to the second sequence.
/// The two never run at the same time, so no lock.
private final class AndThenSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Never

    private let second: Observable<Observer.Element>
    private let subscription = SerialDisposable()

    init(second: Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.second = second
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Never>) {
        switch event {
        case .next:
            return
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            subscription.disposable = second.subscribe(forwarder())
        }
    }

    func run(_ completable: Observable<Never>) -> Disposable {
        let first = SingleAssignmentDisposable()
        subscription.disposable = first
        first.setDisposable(completable.subscribe(self))
        return subscription
    }
}

/// The observable behind the `andThen` operators.
private final class AndThenProducer<Element>: Producer<Element> {
    private let completable: Observable<Never>
    private let second: Observable<Element>

    init(completable: Observable<Never>, second: Observable<Element>) {
        self.completable = completable
        self.second = second
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AndThenSink(second: second, observer: observer, cancel: cancel)
        let subscription = sink.run(completable)
        return (sink: sink, subscription: subscription)
    }
}
