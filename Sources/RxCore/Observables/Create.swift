extension ObservableType {
    /// Creates an observable from a closure that runs once per subscription.
    ///
    /// The closure receives the subscriber and returns a disposable that cancels whatever it
    /// started. The grammar is enforced: after the first `onError` or `onCompleted`, further
    /// events are dropped and the returned disposable is disposed.
    ///
    /// ```swift
    /// let numbers = Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onCompleted()
    ///     return Disposables.create()
    /// }
    /// ```
    ///
    /// - Parameter subscribe: The subscription logic.
    /// - Returns: An observable that runs `subscribe` for each subscriber.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

/// The observable behind ``ObservableType/create(_:)``.
final class AnonymousObservable<Element>: Producer<Element> {
    typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    let subscribeHandler: SubscribeHandler

    init(_ subscribeHandler: @escaping SubscribeHandler) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    @exclusivity(unchecked) private var stopped = InlineAtomic<Bool>(false)

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if InlineAtomic.load(&stopped, ordering: .acquiring) { return }
            forwardOn(event)
        case .error, .completed:
            if !InlineAtomic.exchange(&stopped, true, ordering: .acquiringAndReleasing) {
                forwardOn(event)
                dispose()
            }
        }
    }

    func run(_ parent: AnonymousObservable<Element>) -> Disposable {
        parent.subscribeHandler(AnyObserver(self))
    }
}
