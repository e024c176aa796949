extension ObservableType {
    /// Returns the source's elements until `other` emits an element, then completes.
    ///
    /// `other` is subscribed first, then the source. The first element of `other` completes
    /// the result and disposes both subscriptions; an error from `other` ends the result with
    /// that error; a completion of `other` without an element only ends the subscription to
    /// `other`, and the source goes on.
    ///
    /// ```swift
    /// subject.take(until: trigger).subscribe { print($0) }
    /// subject.onNext("1")
    /// trigger.onNext("X")
    /// subject.onNext("3")
    /// // next(1)
    /// // completed
    /// ```
    ///
    /// - Parameter other: The sequence whose first element ends the result.
    /// - Returns: The source's elements up to the moment `other` emits.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntilProducer(source: asObservable(), other: other.asObservable())
    }

    /// Returns the source's elements until `other` emits an element, then completes.
    ///
    /// - Parameter other: The sequence whose first element ends the result.
    /// - Returns: The source's elements up to the moment `other` emits.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }
}

/// Receives the source's events. It and its trigger observer deliver under one recursive
/// lock, so the two sources never forward at the same time.
private final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    let lock = RecursiveLock()

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let trigger = TakeUntilTrigger<Other, Observer>(parent: self)
        trigger.subscription.setDisposable(other.subscribe(trigger))
        let sourceSubscription = source.subscribe(self)
        return Disposables.create(sourceSubscription, trigger.subscription)
    }

    func on(_ event: Event<Element>) {
        if case .next = event {
            lock.performLocked { forwardOn(event) }
        } else {
            end(with: event)
        }
    }

    /// Ends the sequence: claimed under the lock, delivered and torn down after it (a
    /// source's teardown may wait for a lock whose holder waits for ours).
    func end(with event: Event<Element>) {
        if lock.performLocked({ claimStop() }) {
            deliverStop(event)
        }
    }
}

/// Receives the events of `other`: its first element completes the result.
private final class TakeUntilTrigger<Other, Observer: ObserverType>: ObserverType {
    typealias Element = Other

    private let parent: TakeUntilSink<Other, Observer>
    let subscription = SingleAssignmentDisposable()

    init(parent: TakeUntilSink<Other, Observer>) {
        self.parent = parent
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Other>) {
        switch event {
        case .next:
            parent.end(with: .completed)
        case .error(let error):
            parent.end(with: .error(error))
        case .completed:
            subscription.dispose()
        }
    }
}

/// The observable behind ``ObservableType/take(until:)``.
private final class TakeUntilProducer<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, other: other)
        return (sink: sink, subscription: subscription)
    }
}
