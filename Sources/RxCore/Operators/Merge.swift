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

/// The observable behind the static `merge` of a fixed list of sources.
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
        let sink = MergeSink<Observable<Element>, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(sources: sources)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable behind `merge()` of a sequence of sequences.
private final class MergeProducer<Source: ObservableConvertibleType>: Producer<Source.Element> {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        let sink = MergeSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(outer: source)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable behind `merge(maxConcurrent:)` and `concat()`.
private final class MergeLimitedProducer<Source: ObservableConvertibleType>: Producer<Source.Element> {
    private let source: Observable<Source>
    private let maxConcurrent: Int

    init(source: Observable<Source>, maxConcurrent: Int) {
        self.source = source
        self.maxConcurrent = maxConcurrent
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        let sink = MergeLimitedSink<Source, Observer>(maxConcurrent: maxConcurrent, observer: observer, cancel: cancel)
        let subscription = sink.run(outer: source)
        return (sink: sink, subscription: subscription)
    }
}

/// What the merge sinks share: the recursive lock held while forwarding (RxSwift's ordering
/// when an event makes a source emit again on the same thread) and the group of
/// subscriptions, the outer one and one per running inner sequence.
///
/// Subscriptions are disposed, and new inner sequences subscribed, only after the lock is
/// released: a source's teardown may wait for a lock held by a thread that is pushing into
/// another source and so waiting for ours (RxSwift #2711).
private class MergeSinkBase<Observer: ObserverType>: Sink<Observer> {
    let lock = RecursiveLock()
    let group = CompositeDisposable()

    /// Subscribes an inner sequence; its subscription joins the group until it completes.
    final func subscribeInner(_ inner: Observable<Observer.Element>) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        subscription.setDisposable(inner.subscribe(MergeInnerObserver(parent: self, key: key)))
    }

    /// An inner sequence completed; called under `lock`, before its subscription is removed.
    ///
    /// - Returns: The waiting sequence to subscribe in its place, and whether the merge has
    ///   completed (claimed with `claimStop()`; the caller delivers it once the lock is
    ///   released).
    func innerCompleted() -> (next: Observable<Observer.Element>?, finished: Bool) {
        rxAbstractMethod()
    }

    /// Forwards the error of the outer sequence or of an inner one, then tears down.
    final func fail(_ error: Swift.Error) {
        if lock.performLocked({ claimStop() }) {
            deliverStop(.error(error))
        }
    }
}

/// Forwards one inner sequence's events to its merge sink, under the sink's lock.
private final class MergeInnerObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let parent: MergeSinkBase<Observer>
    private let key: CompositeDisposable.DisposeKey

    init(parent: MergeSinkBase<Observer>, key: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.key = key
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            _onNext(element)
        case .error(let error):
            parent.fail(error)
        case .completed:
            let (next, finished) = parent.lock.performLocked { parent.innerCompleted() }
            parent.group.remove(for: key)
            if let next {
                parent.subscribeInner(next)
            }
            if finished {
                parent.deliverStop(.completed)
            }
        }
    }

    func _onNext(_ element: Element) {
        parent.lock.performLocked {
            parent.forwardNext(element)
        }
    }
}

/// Merges without a limit: every inner sequence is subscribed as it arrives.
private final class MergeSink<Source: ObservableConvertibleType, Observer: ObserverType>:
    MergeSinkBase<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Source

    private let outerSubscription = SingleAssignmentDisposable()
    private var activeCount = 0
    private var stopped = false

    func run(outer: Observable<Source>) -> Disposable {
        _ = group.insert(outerSubscription)
        outerSubscription.setDisposable(outer.subscribe(self))
        return group
    }

    func run(sources: [Observable<Observer.Element>]) -> Disposable {
        lock.performLocked { activeCount += sources.count }
        for source in sources {
            subscribeInner(source)
        }
        let finished = lock.performLocked {
            stopped = true
            return completeIfDone()
        }
        if finished {
            deliverStop(.completed)
        }
        return group
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let source):
            lock.performLocked { activeCount += 1 }
            subscribeInner(source.asObservable())
        case .error(let error):
            fail(error)
        case .completed:
            let finished = lock.performLocked {
                stopped = true
                return completeIfDone()
            }
            if finished {
                deliverStop(.completed)
            } else {
                outerSubscription.dispose()
            }
        }
    }

    override func innerCompleted() -> (next: Observable<Observer.Element>?, finished: Bool) {
        activeCount -= 1
        return (nil, completeIfDone())
    }

    /// Claims the completion once the outer sequence and every inner one have completed;
    /// returns whether it did (the caller delivers it after releasing the lock).
    private func completeIfDone() -> Bool {
        stopped && activeCount == 0 && claimStop()
    }
}

/// Merges with at most `maxConcurrent` inner subscriptions; the rest wait in order.
private final class MergeLimitedSink<Source: ObservableConvertibleType, Observer: ObserverType>:
    MergeSinkBase<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Source

    private let maxConcurrent: Int
    private let outerSubscription = SingleAssignmentDisposable()
    /// Converted on arrival (`asObservable()` may be the caller's own code), outside the lock.
    private var waiting = FIFOBuffer<Observable<Observer.Element>>()
    private var activeCount = 0
    private var stopped = false

    init(maxConcurrent: Int, observer: Observer, cancel: Cancelable) {
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer, cancel: cancel)
    }

    func run(outer: Observable<Source>) -> Disposable {
        _ = group.insert(outerSubscription)
        outerSubscription.setDisposable(outer.subscribe(self))
        return group
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let source):
            let inner = source.asObservable()
            let subscribeNow: Bool = lock.performLocked {
                if activeCount < maxConcurrent {
                    activeCount += 1
                    return true
                }
                waiting.enqueue(inner)
                return false
            }
            if subscribeNow {
                subscribeInner(inner)
            }
        case .error(let error):
            fail(error)
        case .completed:
            let finished: Bool = lock.performLocked {
                stopped = true
                return activeCount == 0 && claimStop()
            }
            if finished {
                deliverStop(.completed)
            } else {
                outerSubscription.dispose()
            }
        }
    }

    override func innerCompleted() -> (next: Observable<Observer.Element>?, finished: Bool) {
        if let next = waiting.dequeue() {
            return (next, false)  // takes the completed sequence's place
        }
        activeCount -= 1
        return (nil, stopped && activeCount == 0 && claimStop())
    }
}
