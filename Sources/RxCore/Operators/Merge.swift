extension ObservableType {
    /// Emits the elements of all the sources as they arrive, interleaved.
    ///
    /// Every source is subscribed at once, in order. The result completes when all sources
    /// have completed; an error from any source goes downstream at once and disposes the
    /// others. Events from sources on different threads are delivered one at a time.
    ///
    /// ```swift
    /// _ = Observable.merge([Observable.of(1, 2), Observable.of(10, 20)])
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 10
    /// // 2
    /// // 20
    /// ```
    ///
    /// - Parameter sources: The sources to merge.
    /// - Returns: The elements of every source, in arrival order.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        MergeArrayProducer(sources: Array(sources))
    }

    /// Emits the elements of all the sources as they arrive, interleaved.
    ///
    /// - Parameter sources: The sources to merge.
    /// - Returns: The elements of every source, in arrival order.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArrayProducer(sources: sources)
    }

    /// Emits the elements of all the given sources as they arrive, interleaved.
    ///
    /// - Parameter sources: The sources to merge.
    /// - Returns: The elements of every source, in arrival order.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArrayProducer(sources: sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to every inner sequence as it arrives and emits all their elements,
    /// interleaved in arrival order.
    ///
    /// The result completes when this sequence and every inner sequence have completed. An
    /// error from this sequence or from any inner sequence goes downstream at once and
    /// disposes everything.
    ///
    /// - Returns: The elements of all inner sequences.
    public func merge() -> Observable<Element.Element> {
        MergeProducer(source: asObservable())
    }

    /// Like ``merge()``, but with at most `maxConcurrent` inner sequences subscribed at a
    /// time; inner sequences that arrive while the limit is reached wait in a queue and are
    /// subscribed, in order, as running ones complete.
    ///
    /// - Parameter maxConcurrent: The most inner sequences subscribed at the same time.
    /// - Returns: The elements of all inner sequences.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeLimitedProducer(source: asObservable(), maxConcurrent: maxConcurrent)
    }
}

/// The observable behind the static `merge` of a fixed list of sources: `flatMap`'s engine,
/// started with every source as an inner sequence.
private final class MergeArrayProducer<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = FlatMapSink<Observable<Element>, Observable<Element>, Observer>(
            selector: { $0 },
            policy: .mergeAll,
            observer: observer,
            cancel: cancel
        )
        let subscription = sink.run(sources: sources)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable behind `merge()` of a sequence of sequences: `flatMap` with the identity
/// selector.
private final class MergeProducer<Source: ObservableConvertibleType>: FlatMapProducer<Source, Source> {
    init(source: Observable<Source>) {
        super.init(source: source, selector: { $0 }, policy: .mergeAll)
    }
}

/// The observable behind `merge(maxConcurrent:)` and `concat()`: `concatMap`'s engine with the
/// identity selector and the given limit.
private final class MergeLimitedProducer<Source: ObservableConvertibleType>: ConcatMapProducer<Source, Source> {
    init(source: Observable<Source>, maxConcurrent: Int) {
        super.init(source: source, selector: { $0 }, maxConcurrent: maxConcurrent)
    }
}
