extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then returns all the rest.
    ///
    /// Both sequences are subscribed at once, the source first. The first element of `other`
    /// opens the gate and ends the subscription to `other`; an error from `other` ends the
    /// result; a completion of `other` without an element leaves the gate closed for good.
    /// If the source completes while the gate is still closed, the result ends without
    /// sending the completion (as in RxSwift).
    ///
    /// ```swift
    /// subject.skip(until: trigger).subscribe(onNext: { print($0) })
    /// subject.onNext("A")
    /// subject.onNext("B")
    /// trigger.onNext("X")
    /// subject.onNext("C")
    /// // C
    /// ```
    ///
    /// - Parameter other: The sequence whose first element starts the flow.
    /// - Returns: The source's elements from the moment `other` emits.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntilProducer(source: asObservable(), other: other.asObservable())
    }

    /// Drops the source's elements until `other` emits an element, then returns all the rest.
    ///
    /// - Parameter other: The sequence whose first element starts the flow.
    /// - Returns: The source's elements from the moment `other` emits.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}

/// Receives the source's events and forwards them once `other` has emitted; the source is
/// subscribed before `other`.
private final class SkipUntilSink<Other, Observer: ObserverType>: TriggeredSink<Other, Observer>, ObserverType {
    /// Whether `other` has emitted; guarded by `lock`.
    private var open = false

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let sourceSubscription = source.subscribe(self)
        return Disposables.create(sourceSubscription, subscribe(toTrigger: other))
    }

    func on(_ event: Event<Element>) {
        if case .next = event {
            lock.performLocked {
                if open {
                    forwardOn(event)
                }
            }
            return
        }
        // Ended under the lock, delivered and torn down after it: a source's teardown may
        // wait for a lock whose holder waits for ours. A completion before the trigger fired
        // is not delivered.
        let (ended, delivers): (Bool, Bool) = lock.performLocked {
            guard claimStop() else { return (false, false) }
            if case .error = event { return (true, true) }
            return (true, open)
        }
        if delivers {
            deliverStop(event)
        } else if ended {
            dispose()
        }
    }

    /// The first element of `other` opens the gate; `other` is not needed any more.
    override func triggerFired() -> Bool {
        lock.performLocked { open = true }
        return true
    }
}

/// The observable behind ``ObservableType/skip(until:)``.
private final class SkipUntilProducer<Element, Other>: TriggeredProducer<Element, Other> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SkipUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, other: other)
        return (sink: sink, subscription: subscription)
    }
}
