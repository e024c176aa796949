extension ObservableType {
    /// Accumulates the elements in place and sends the accumulated value after each element.
    ///
    /// The accumulator mutates its first argument, so a collection seed grows without being
    /// copied at every step. Each subscription starts again from `seed`. When `accumulator`
    /// throws, the error is sent downstream and the source subscription is disposed.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3)
    ///     .scan(into: [Int]()) { all, element in all.append(element) }
    ///     .subscribe(onNext: { print($0) })
    /// // [1]
    /// // [1, 2]
    /// // [1, 2, 3]
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Folds one element into the accumulated value.
    /// - Returns: A sequence of the successive accumulated values.
    public func scan<Accumulate>(
        into seed: Accumulate,
        accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        ScanProducer(source: asObservable(), seed: seed, accumulator: accumulator)
    }

    /// Accumulates the elements and sends the accumulated value after each element.
    ///
    /// Like ``reduce(_:accumulator:)``, but every intermediate result is sent. Each
    /// subscription starts again from `seed`. When `accumulator` throws, the error is sent
    /// downstream and the source subscription is disposed.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2, 3)
    ///     .scan(0) { sum, element in sum + element }
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 3
    /// // 6
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Returns the next accumulated value from the current one and an element.
    /// - Returns: A sequence of the successive accumulated values.
    public func scan<Accumulate>(
        _ seed: Accumulate,
        accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        ScanProducer(source: asObservable(), seed: seed) { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }
    }
}

/// Holds the accumulated value of one subscription.
private final class ScanSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Accumulator = (inout Observer.Element, SourceElement) throws -> Void

    private let accumulator: Accumulator
    private var accumulated: Observer.Element

    init(seed: Observer.Element, accumulator: @escaping Accumulator, observer: Observer, cancel: Cancelable) {
        self.accumulated = seed
        self.accumulator = accumulator
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            do {
                try accumulator(&accumulated, element)
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            forwardOn(.next(accumulated))
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observable behind ``ObservableType/scan(into:accumulator:)`` and
/// ``ObservableType/scan(_:accumulator:)``.
private final class ScanProducer<SourceElement, Accumulate>: Producer<Accumulate> {
    typealias Accumulator = (inout Accumulate, SourceElement) throws -> Void

    private let source: Observable<SourceElement>
    private let seed: Accumulate
    private let accumulator: Accumulator

    init(source: Observable<SourceElement>, seed: Accumulate, accumulator: @escaping Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Accumulate {
        let sink = ScanSink(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
