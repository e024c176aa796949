extension ObservableType {
    /// Maps each element to an inner sequence and concatenates the inner sequences: one is
    /// subscribed at a time, the next only when the previous one has completed.
    ///
    /// `selector` runs as each element arrives; the inner sequences it returns wait in
    /// arrival order until their turn. The result completes once the source and every
    /// queued inner sequence have completed; the first error, from the source, an inner
    /// sequence or `selector`, ends it and drops the queue.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2)
    ///     .concatMap { Observable.of($0, $0 * 10) }
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 10
    /// // 2
    /// // 20
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Returns: The events of the inner sequences, one sequence after another.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        ConcatMapProducer(source: asObservable(), selector: selector, maxConcurrent: 1)
    }
}

/// One subscription of `concatMap`, `merge(maxConcurrent:)` or `concat()`: runs at most
/// `maxConcurrent` inner sequences at a time (one for `concatMap` and `concat()`); the others
/// wait in arrival order.
///
/// Events from the source and from the inner sequences are handled under one recursive lock;
/// the selector runs outside it, as each element arrives.
/// When a running inner sequence completes, its subscription is removed from `group` (and
/// disposed) before the next waiting sequence is subscribed in its place.
private final class ConcatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    InnerSequenceSink<SourceElement, Inner, Observer>, ObserverType
where Inner.Element == Observer.Element {
    private let maxConcurrent: Int
    private let group = CompositeDisposable()

    // Guarded by `lock`.
    private var activeCount = 0
    private var waiting = PendingQueue<Observable<Observer.Element>>()

    init(selector: @escaping Selector, maxConcurrent: Int, observer: Observer, cancel: Cancelable) {
        self.maxConcurrent = maxConcurrent
        super.init(selector: selector, observer: observer, cancel: cancel)
    }

    /// Subscribes to the source.
    ///
    /// - Returns: The group holding the source subscription and the running inner subscriptions.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            // Mapped on arrival, outside the lock; the inner sequence then waits its turn.
            guard let inner = selectInner(for: element) else {
                return
            }
            if startsNow(inner) {
                startInner(inner)
            }
        case .error(let error):
            fail(error)
        case .completed:
            if completeSource(innerDone: { activeCount == 0 }) {
                deliverStop(.completed)
            }
        }
    }

    /// Whether `inner` runs now; queues it when `maxConcurrent` inner sequences are running.
    private func startsNow(_ inner: Observable<Observer.Element>) -> Bool {
        lock.performLocked {
            guard activeCount < maxConcurrent else {
                waiting.enqueue(inner)
                return false
            }
            activeCount += 1
            return true
        }
    }

    /// Runs an inner sequence already counted as running. A `just` delivers its element and
    /// ends as its subscription would, without the subscription (as in `flatMap`).
    private func startInner(_ inner: Observable<Observer.Element>) {
        if inner.isSynchronousJust {
            innerNext(unsafeDowncast(inner, to: Just<Observer.Element>.self).element)
            innerCompleted(key: nil)
        } else {
            subscribeInner(inner, in: group) { ConcatMapInnerObserver(parent: self, key: $0) }
        }
    }

    /// Handles an element of a running inner sequence, without building its event.
    fileprivate func innerNext(_ element: Observer.Element) {
        lock.performLocked {
            forwardNext(element)
        }
    }

    /// Ends the running inner sequence stored under `key` (none for a `just` run without
    /// subscribing); the oldest waiting one takes its place, or the result completes when it
    /// was the last one.
    fileprivate func innerCompleted(key: CompositeDisposable.DisposeKey?) {
        let (next, finished): (Observable<Observer.Element>?, Bool) = lock.performLocked {
            if let next = waiting.dequeue() {
                return (next, false)  // stays counted: the next one takes its place
            }
            activeCount -= 1
            return (nil, sourceCompleted && activeCount == 0 && claimStop())
        }
        if let key {
            group.remove(for: key)
        }
        if let next {
            startInner(next)
        }
        if finished {
            deliverStop(.completed)
        }
    }
}

/// Routes the events of one inner sequence to its ``ConcatMapSink``.
private struct ConcatMapInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    let parent: ConcatMapSink<SourceElement, Inner, Observer>
    let key: CompositeDisposable.DisposeKey

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            parent.innerNext(element)
        case .error(let error):
            parent.fail(error)
        case .completed:
            parent.innerCompleted(key: key)
        }
    }

    func _onNext(_ element: Element) {
        parent.innerNext(element)
    }
}

/// The observable behind ``ObservableType/concatMap(_:)`` (one inner sequence at a time), and
/// the base of `merge(maxConcurrent:)`'s, which runs the same engine with the identity selector.
class ConcatMapProducer<SourceElement, Inner: ObservableConvertibleType>: InnerSequenceProducer<SourceElement, Inner> {
    private let maxConcurrent: Int

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner, maxConcurrent: Int) {
        self.maxConcurrent = maxConcurrent
        super.init(source: source, selector: selector)
    }

    final override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Inner.Element {
        let sink = ConcatMapSink(selector: selector, maxConcurrent: maxConcurrent, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
