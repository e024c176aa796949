extension ObservableType {
    /// Accumulates all the elements and, when the source completes, sends `mapResult` of the
    /// accumulated value, then completes.
    ///
    /// Nothing is sent before the source completes; a source that never completes never
    /// produces a result. An error from the source, from `accumulator` or from `mapResult`
    /// is sent downstream and ends the subscription.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3)
    ///     .reduce(0, accumulator: +, mapResult: { "sum: \($0)" })
    ///     .subscribe(onNext: { print($0) })
    /// // sum: 6
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Returns the next accumulated value from the current one and an element.
    ///   - mapResult: Turns the final accumulated value into the result.
    /// - Returns: A sequence of one element, the mapped final value.
    public func reduce<Accumulate, Result>(
        _ seed: Accumulate,
        accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Result
    ) -> Observable<Result> {
        ReduceProducer(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
    }

    /// Accumulates all the elements and, when the source completes, sends the accumulated
    /// value, then completes.
    ///
    /// An empty source produces `seed`. An error from the source or from `accumulator` is
    /// sent downstream and ends the subscription.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3)
    ///     .reduce(0, accumulator: +)
    ///     .subscribe(onNext: { print($0) })
    /// // 6
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Returns the next accumulated value from the current one and an element.
    /// - Returns: A sequence of one element, the final accumulated value.
    public func reduce<Accumulate>(
        _ seed: Accumulate,
        accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        ReduceProducer(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

/// Holds the accumulated value of one subscription until the source completes.
private final class ReduceSink<SourceElement, Accumulate, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Parent = ReduceProducer<SourceElement, Accumulate, Observer.Element>

    private let parent: Parent
    private var accumulated: Accumulate

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.accumulated = parent.seed
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            do {
                accumulated = try parent.accumulator(accumulated, element)
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            let result: Observer.Element
            do {
                result = try parent.mapResult(accumulated)
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            forwardOn(.next(result))
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/reduce(_:accumulator:mapResult:)`` and
/// ``ObservableType/reduce(_:accumulator:)``.
private final class ReduceProducer<SourceElement, Accumulate, Result>: Producer<Result> {
    let source: Observable<SourceElement>
    let seed: Accumulate
    let accumulator: (Accumulate, SourceElement) throws -> Accumulate
    let mapResult: (Accumulate) throws -> Result

    init(
        source: Observable<SourceElement>,
        seed: Accumulate,
        accumulator: @escaping (Accumulate, SourceElement) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Result
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
        let sink = ReduceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
