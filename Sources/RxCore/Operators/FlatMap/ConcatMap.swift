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
        ConcatMapProducer(source: asObservable(), selector: selector)
    }
}

/// One subscription of `concatMap`: runs the inner sequences one at a time from a queue.
///
/// Events from the source and from the inner sequences are handled under one recursive lock;
/// the selector runs outside it, as each element arrives.
/// When the active inner sequence completes, its subscription is removed from `group` (and
/// disposed) before the next queued sequence is subscribed.
private final class ConcatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    InnerSequenceSink<SourceElement, Inner, Observer>, ObserverType
where Inner.Element == Observer.Element {
    private let group = CompositeDisposable()

    // Guarded by `lock`.
    private var isInnerActive = false
    private var queue = InnerQueue<Observable<Observer.Element>>()

    /// Subscribes to the source.
    ///
    /// - Returns: The group holding the source subscription and the active inner subscription.
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
                subscribeInner(inner)
            }
        case .error(let error):
            fail(error)
        case .completed:
            if completeSource(innerDone: { !isInnerActive }) {
                deliverStop(.completed)
            }
        }
    }

    /// Whether `inner` runs now; queues it when another inner sequence is running.
    private func startsNow(_ inner: Observable<Observer.Element>) -> Bool {
        lock.performLocked {
            if isInnerActive {
                queue.enqueue(inner)
                return false
            }
            isInnerActive = true
            return true
        }
    }

    private func subscribeInner(_ inner: Observable<Observer.Element>) {
        subscribeInner(inner, in: group) { ConcatMapInnerObserver(parent: self, key: $0) }
    }

    /// Handles an event of the active inner sequence, stored under `key`.
    fileprivate func innerEvent(_ event: Event<Observer.Element>, key: CompositeDisposable.DisposeKey) {
        switch event {
        case .next:
            lock.performLocked { forwardOn(event) }
        case .error(let error):
            fail(error)
        case .completed:
            let (next, finished): (Observable<Observer.Element>?, Bool) = lock.performLocked {
                if let next = queue.dequeue() {
                    return (next, false)  // stays active: the next one takes its place
                }
                isInnerActive = false
                return (nil, sourceCompleted && claimStop())
            }
            group.remove(for: key)
            if let next {
                subscribeInner(next)
            }
            if finished {
                deliverStop(.completed)
            }
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
        parent.innerEvent(event, key: key)
    }
}

/// A first-in first-out queue with amortized constant-time dequeue.
private struct InnerQueue<Item> {
    private var items: [Item?] = []
    private var head = 0

    mutating func enqueue(_ item: Item) {
        items.append(item)
    }

    mutating func dequeue() -> Item? {
        guard head < items.count else {
            return nil
        }
        let item = items[head]
        items[head] = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}

/// The observable behind ``ObservableType/concatMap(_:)``.
private final class ConcatMapProducer<SourceElement, Inner: ObservableConvertibleType>:
    InnerSequenceProducer<SourceElement, Inner>
{
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Inner.Element {
        let sink = ConcatMapSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
