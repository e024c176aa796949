/// What a ``FlatMapSink`` does with an element that arrives while inner sequences run.
enum FlatMapPolicy {
    /// Subscribe to its inner sequence too (`flatMap`).
    case mergeAll
    /// Drop the element (`flatMapFirst`).
    case ignoreWhileActive
}

/// One subscription of `flatMap`, `flatMapFirst` or `merge` (the identity selector; the static
/// `merge` of a list starts with every source as an inner sequence): subscribes the inner
/// sequences and merges their events.
///
/// Events from the source and from every inner sequence are handled under one recursive lock
/// (the selector runs outside it), so they reach the observer one at a time even when inner
/// sequences emit from different threads, and an inner sequence that emits while being subscribed keeps its order. The
/// source subscription and each inner subscription live in `group`; an inner subscription is
/// removed from it (and disposed) as soon as that inner sequence completes.
final class FlatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    InnerSequenceSink<SourceElement, Inner, Observer>, ObserverType
where Inner.Element == Observer.Element {
    private let policy: FlatMapPolicy
    private let group = CompositeDisposable()

    /// How many inner sequences run; guarded by `lock`.
    private var activeCount = 0

    init(selector: @escaping Selector, policy: FlatMapPolicy, observer: Observer, cancel: Cancelable) {
        self.policy = policy
        super.init(selector: selector, observer: observer, cancel: cancel)
    }

    /// Subscribes to the source.
    ///
    /// - Returns: The group holding the source subscription and the inner subscriptions.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    /// Subscribes every source of a fixed list at once, in order, as inner sequences of a
    /// source that has already completed.
    ///
    /// - Returns: The group holding the subscriptions of the sources still running.
    func run(sources: [Observable<Observer.Element>]) -> Disposable {
        lock.performLocked { activeCount += sources.count }
        for source in sources {
            startInner(source)
        }
        _onCompleted()
        return group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            _onNext(element)
        case .error(let error):
            fail(error)
        case .completed:
            _onCompleted()
        }
    }

    func _onCompleted() {
        if completeSource(innerDone: { activeCount == 0 }) {
            deliverCompleted()
        }
    }

    func _onError(_ error: Swift.Error) {
        fail(error)
    }

    func _onNext(_ element: SourceElement) {
        // Counted as active before the selector runs, outside the lock: an inner sequence that
        // completes meanwhile does not complete the result, and `flatMapFirst` drops the
        // elements that arrive meanwhile without calling the selector.
        let admitted = lock.performLocked {
            guard policy == .mergeAll || activeCount == 0 else {
                return false
            }
            activeCount += 1
            return true
        }
        guard admitted, let inner = selectInner(for: element) else {
            return
        }
        startInner(inner)
    }

    /// Runs an inner sequence already counted as active.
    @inline(__always)
    private func startInner(_ inner: Observable<Observer.Element>) {
        if inner.isSynchronousJust {
            // `just`'s element, delivered as its subscription would deliver it, without the
            // subscription: no inner disposable, no group entry, no observer.
            innerJust(unsafeDowncast(inner, to: Just<Observer.Element>.self).element)
        } else {
            subscribeInner(inner)
        }
    }

    /// Delivers the element of a `just` inner sequence and then ends that inner sequence,
    /// exactly as subscribing to it would (it counts as active while its element is
    /// delivered, so a reentrant source element or completion sees it running).
    private func innerJust(_ element: Observer.Element) {
        innerNext(element)
        innerCompleted()
    }

    private func subscribeInner(_ inner: Observable<Observer.Element>) {
        subscribeInner(inner, in: group) { FlatMapInnerObserver(parent: self, key: $0) }
    }

    /// Handles an event of the inner sequence whose subscription is stored under `key`.
    fileprivate func innerEvent(_ event: Event<Observer.Element>, key: CompositeDisposable.DisposeKey) {
        switch event {
        case .next(let element):
            innerNext(element)
        case .error(let error):
            fail(error)
        case .completed:
            innerCompleted(key: key)
        }
    }

    /// Ends the inner sequence whose subscription is stored under `key` (none for a `just`
    /// delivered without subscribing), completing when it was the last one.
    fileprivate func innerCompleted(key: CompositeDisposable.DisposeKey? = nil) {
        let finished = lock.performLocked {
            activeCount -= 1
            return completeIfFinished()
        }
        if let key {
            group.remove(for: key)
        }
        if finished {
            deliverCompleted()
        }
    }

    /// Delivers the completion claimed by ``completeIfFinished()`` and tears down.
    private func deliverCompleted() {
        observer._onCompleted()
        cancel.dispose()
    }

    /// Handles an element of an inner sequence, without building its event.
    fileprivate func innerNext(_ element: Observer.Element) {
        lock.performLocked {
            forwardNext(element)
        }
    }

    /// Claims the completion once the source and every inner sequence are done; returns
    /// whether it did (the caller delivers it after releasing the lock). Called under the lock.
    private func completeIfFinished() -> Bool {
        sourceCompleted && activeCount == 0 && claimStop()
    }
}

/// Routes the events of one inner sequence to its ``FlatMapSink``.
private struct FlatMapInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: ObserverType
where Inner.Element == Observer.Element {
    typealias Element = Observer.Element

    let parent: FlatMapSink<SourceElement, Inner, Observer>
    let key: CompositeDisposable.DisposeKey

    func on(_ event: Event<Element>) {
        parent.innerEvent(event, key: key)
    }

    func _onNext(_ element: Element) {
        parent.innerNext(element)
    }

    func _onCompleted() {
        parent.innerCompleted(key: key)
    }

    func _onError(_ error: Swift.Error) {
        parent.fail(error)
    }
}
