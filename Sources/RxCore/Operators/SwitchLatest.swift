extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of the most recent inner sequence only: each new inner sequence is
    /// subscribed at once and the previous one is disposed.
    ///
    /// The result completes when this sequence has completed and the current inner sequence
    /// (if any) has completed too. An error from this sequence or from the current inner
    /// sequence goes downstream at once and disposes everything; events of inner sequences
    /// already replaced are ignored.
    ///
    /// ```swift
    /// let searches = PublishSubject<Observable<String>>()
    /// _ = searches.switchLatest().subscribe(onNext: { print($0) })
    /// searches.onNext(Observable.just("first"))
    /// searches.onNext(Observable.just("second"))
    /// // first
    /// // second
    /// ```
    ///
    /// - Returns: The elements of the latest inner sequence.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchLatestProducer(source: asObservable())
    }
}

/// The observable behind ``ObservableType/switchLatest()``.
private final class SwitchLatestProducer<Source: ObservableConvertibleType>: Producer<Source.Element> {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        let sink = SwitchLatestSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// Observes the outer sequence; each inner sequence gets an id, and only the observer whose
/// id is the latest forwards anything. Events are handled under the recursive lock.
private final class SwitchLatestSink<Source: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Source

    let lock = RecursiveLock()
    private let outerSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()
    /// The following state is guarded by `lock`.
    private var stopped = false
    private(set) var latestID = 0
    private var hasLatest = false

    func run(_ source: Observable<Source>) -> Disposable {
        outerSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(outerSubscription, innerSubscription)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let source):
            // `asObservable()` may be the caller's own code: called before taking the lock.
            let inner = source.asObservable()
            let id: Int = lock.performLocked {
                hasLatest = true
                latestID &+= 1
                return latestID
            }
            let subscription = SingleAssignmentDisposable()
            innerSubscription.disposable = subscription
            let observer = SwitchLatestInnerObserver(parent: self, id: id, subscription: subscription)
            subscription.setDisposable(inner.subscribe(observer))
        case .error(let error):
            if lock.performLocked({ claimStop() }) {
                deliverStop(.error(error))
            }
        case .completed:
            let ended: Bool = lock.performLocked {
                stopped = true
                return !hasLatest && claimStop()
            }
            // Ended and torn down after the lock is released: a source's teardown may wait
            // for a lock whose holder waits for ours.
            if ended {
                deliverStop(.completed)
            } else {
                outerSubscription.dispose()
            }
        }
    }

    /// The latest inner sequence completed; called under `lock`. Returns whether that ended
    /// the sequence (claimed; the caller delivers the completion after releasing the lock).
    func latestCompleted() -> Bool {
        hasLatest = false
        return stopped && claimStop()
    }
}

/// Observes one inner sequence; forwards only while it is the latest one.
private final class SwitchLatestInnerObserver<Source: ObservableConvertibleType, Observer: ObserverType>: ObserverType
where Source.Element == Observer.Element {
    typealias Element = Observer.Element

    private let parent: SwitchLatestSink<Source, Observer>
    private let id: Int
    private let subscription: Disposable

    init(parent: SwitchLatestSink<Source, Observer>, id: Int, subscription: Disposable) {
        self.parent = parent
        self.id = id
        self.subscription = subscription
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Element>) {
        let ended: Bool = parent.lock.performLocked {
            guard parent.latestID == id else { return false }
            switch event {
            case .next:
                parent.forwardOn(event)
                return false
            case .error:
                return parent.claimStop()
            case .completed:
                return parent.latestCompleted()
            }
        }
        if event.isStopEvent {
            subscription.dispose()
        }
        if ended {
            parent.deliverStop(event)
        }
    }
}
