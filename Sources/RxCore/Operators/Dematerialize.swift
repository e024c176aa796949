extension ObservableType where Element: EventConvertible {
    /// Turns a sequence of events back into the sequence they describe.
    ///
    /// Each `.next` element is delivered as it is; the first `.error` or `.completed`
    /// element ends the result with that event. The inverse of
    /// ``ObservableType/materialize()``. An error or completion of the source itself is
    /// forwarded as well.
    ///
    /// ```swift
    /// _ = Observable.of(Event.next(1), .next(2), .completed, .next(3))
    ///     .dematerialize()
    ///     .subscribe { print($0) }
    /// // next(1)
    /// // next(2)
    /// // completed
    /// ```
    ///
    /// - Returns: The sequence the events describe.
    public func dematerialize() -> Observable<Element.Element> {
        DematerializeProducer(source: asObservable())
    }
}

/// Unwraps the events of one subscription.
private final class DematerializeSink<Source: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Source.Element {
    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            let inner = element.event
            forwardOn(inner)
            if inner.isStopEvent {
                dispose()
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

/// The observable behind ``ObservableType/dematerialize()``.
private final class DematerializeProducer<Source: EventConvertible>: Producer<Source.Element> {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        let sink = DematerializeSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
