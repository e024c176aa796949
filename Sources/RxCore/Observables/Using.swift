extension ObservableType {
    /// Returns a sequence that owns a resource for the lifetime of each subscription.
    ///
    /// At each subscription `resourceFactory` makes a resource and `observableFactory` makes
    /// the sequence from it; the resource is disposed when the subscription ends, after the
    /// sequence completes or fails, or when it is disposed. An error thrown by either factory
    /// is delivered to the subscriber as the sequence's error (a resource already made is
    /// still disposed).
    ///
    /// ```swift
    /// let numbers = Observable<Int>.using(
    ///     { Disposables.create { print("released") } },
    ///     observableFactory: { _ in Observable.of(1, 2) }
    /// )
    /// _ = numbers.subscribe { print($0) }
    /// // next(1)
    /// // next(2)
    /// // completed
    /// // released
    /// ```
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource for one subscription.
    ///   - observableFactory: Makes the sequence that uses the resource.
    /// - Returns: A sequence that makes and releases a resource per subscription.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

/// The observable behind ``ObservableType/using(_:observableFactory:)``.
private final class Using<Element, Resource: Disposable>: Producer<Element> {
    let resourceFactory: () throws -> Resource
    let observableFactory: (Resource) throws -> Observable<Element>

    init(
        resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = UsingSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

private final class UsingSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func run<Resource: Disposable>(_ parent: Using<Element, Resource>) -> Disposable {
        let resource: Resource
        let source: Observable<Element>
        do {
            resource = try parent.resourceFactory()
        } catch {
            fail(with: error)
            return Disposables.create()
        }
        do {
            source = try parent.observableFactory(resource)
        } catch {
            // The sink is disposed now, so the producer disposes the resource on return.
            fail(with: error)
            return resource
        }
        // The source's subscription goes first, then the resource it may still be using.
        return Disposables.create(source.subscribe(self), resource)
    }

    func on(_ event: Event<Element>) {
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }

    private func fail(with error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }
}
