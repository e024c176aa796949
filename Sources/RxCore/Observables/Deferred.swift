extension ObservableType {
    /// Returns a sequence that calls `observableFactory` at each subscription and subscribes
    /// to the sequence it returns.
    ///
    /// Every subscriber gets a fresh sequence, made when it subscribes rather than when the
    /// deferred sequence is created. An error thrown by the factory is delivered to that
    /// subscriber as the sequence's error.
    ///
    /// ```swift
    /// var flip = false
    /// let factory = Observable<Int>.deferred {
    ///     flip.toggle()
    ///     return flip ? Observable.of(1, 2, 3) : Observable.of(4, 5, 6)
    /// }
    /// _ = factory.subscribe(onNext: { print($0, terminator: "") })   // 123
    /// _ = factory.subscribe(onNext: { print($0, terminator: "") })   // 456
    /// ```
    ///
    /// - Parameter observableFactory: Makes the sequence for one subscriber.
    /// - Returns: A sequence whose subscribers each subscribe to a new sequence.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Deferred(observableFactory: observableFactory)
    }
}

/// The observable behind ``ObservableType/deferred(_:)``.
private final class Deferred<Element>: Producer<Element> {
    let observableFactory: () throws -> Observable<Element>

    init(observableFactory: @escaping () throws -> Observable<Element>) {
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DeferredSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class DeferredSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func run(_ parent: Deferred<Element>) -> Disposable {
        let source: Observable<Element>
        do {
            source = try parent.observableFactory()
        } catch {
            forwardOn(.error(error))
            dispose()
            return Disposables.create()
        }
        return source.subscribe(self)
    }

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}
