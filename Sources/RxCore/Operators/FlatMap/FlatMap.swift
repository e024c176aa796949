extension ObservableType {
    /// Maps each element to an inner sequence and merges the events of all the inner
    /// sequences into one sequence.
    ///
    /// Every inner sequence is subscribed as soon as its element arrives and stays subscribed
    /// until it terminates, so their elements interleave in arrival order. The result
    /// completes once the source and every inner sequence have completed; the first error,
    /// from the source, an inner sequence or `selector`, ends it and disposes everything.
    /// Events of different inner sequences are delivered one at a time.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2)
    ///     .flatMap { Observable.of($0, $0 * 10) }
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 10
    /// // 2
    /// // 20
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Returns: The merged events of the inner sequences.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMapProducer(source: asObservable(), selector: selector, policy: .mergeAll)
    }

    /// Maps an element to an inner sequence only while no inner sequence is active, and
    /// forwards the events of that inner sequence.
    ///
    /// Elements that arrive while an inner sequence is still running are ignored (`selector`
    /// is not even called for them). The result completes once the source and the active
    /// inner sequence have completed; the first error ends it. Useful to ignore taps while
    /// the request started by the first one is in flight.
    ///
    /// ```swift
    /// // taps:      --a--b--c-------d-->
    /// // requests:    [--A|]      [--D|]
    /// // result:    -----A----------D-->
    /// taps.flatMapFirst { tap in api.request(for: tap) }
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Returns: The events of the inner sequences started while none was active.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMapProducer(source: asObservable(), selector: selector, policy: .ignoreWhileActive)
    }
}

/// The observable behind ``ObservableType/flatMap(_:)`` and ``ObservableType/flatMapFirst(_:)``,
/// and the base of `merge()`'s, which runs the same engine with the identity selector.
class FlatMapProducer<SourceElement, Inner: ObservableConvertibleType>: InnerSequenceProducer<SourceElement, Inner> {
    private let policy: FlatMapPolicy

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner, policy: FlatMapPolicy) {
        self.policy = policy
        super.init(source: source, selector: selector)
    }

    final override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Inner.Element {
        let sink = FlatMapSink(selector: selector, policy: policy, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
