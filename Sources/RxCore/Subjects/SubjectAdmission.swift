/// What a subject decided, under its lock, about an observer that subscribes.
///
/// Every subject admits observers by the same rules (a disposed subject rejects them with
/// ``RxError/disposed(object:)``, a stopped one replays its ending, a running one replays its
/// state first); only what it replays differs. ``SubjectObservers/admit(_:to:replay:ending:)``
/// makes the decision under the lock and ``complete(for:nextBatch:)`` carries it out after
/// the lock is released, so the observer is never called under it.
enum SubjectAdmission<Element> {
    /// The observer joined the live observers: it has nothing to catch up on.
    case live(SubjectSubscription)
    /// The observer must first be sent the subject's state; events sent meanwhile queue
    /// behind it.
    case priming(SubjectObserver<Element>)
    /// The subject has stopped or was disposed: the observer gets these events and nothing more.
    case rejected([Event<Element>])

    /// Carries out the decision outside the lock: delivers the replay or the rejection.
    ///
    /// - Parameters:
    ///   - observer: The observer that subscribed.
    ///   - nextBatch: Takes the subject's lock and returns
    ///     ``SubjectObservers/nextPrimingBatch(for:)`` for the subscription.
    /// - Returns: The subscription, or an empty disposable for a rejected observer.
    @inline(__always)
    func complete<Observer: ObserverType>(
        for observer: Observer,
        nextBatch: (SubjectSubscription) -> [Event<Element>]?
    ) -> Disposable where Observer.Element == Element {
        switch self {
        case .live(let subscription):
            return subscription
        case .priming(let entry):
            SubjectObservers.prime(entry) { nextBatch(entry.subscription) }
            return entry.subscription
        case .rejected(let events):
            for event in events {
                observer.on(event)
            }
            return Disposables.create()
        }
    }
}

extension SubjectObservers {
    /// Decides, under the subject's lock, how `observer` is admitted.
    ///
    /// - Parameters:
    ///   - observer: The observer that subscribes.
    ///   - owner: The subject, which the subscription unsubscribes from.
    ///   - replay: The events a new observer of a running subject is sent first; with none
    ///     (`nil` or empty) it joins the live observers at once.
    ///   - ending: The events a new observer of a stopped subject is sent before the stop
    ///     event, if any.
    ///
    /// The closures return optionals and have no default values on purpose: a subject with
    /// nothing to replay then builds no array and calls no default-argument function, each of
    /// which would cost its unspecialized `subscribe` a run-time type lookup.
    /// - Returns: The decision, for ``SubjectAdmission/complete(for:nextBatch:)`` after the
    ///   lock is released.
    @inline(__always)
    mutating func admit<Observer: ObserverType>(
        _ observer: Observer,
        to owner: some SubjectSubscriptionOwner,
        replay: () -> [Event<Element>]?,
        ending: () -> [Event<Element>]?
    ) -> SubjectAdmission<Element> where Observer.Element == Element {
        if isDisposed {
            return .rejected([.error(RxError.disposed(object: owner))])
        }
        if let stopEvent {
            return .rejected((ending() ?? []) + [stopEvent])
        }
        let entry = SubjectObserverOf(observer, subscription: SubjectSubscription(owner: owner))
        if let events = replay(), !events.isEmpty {
            beginPriming(entry, with: events)
            return .priming(entry)
        }
        insert(entry)
        return .live(entry.subscription)
    }
}
