/// The fast path of `share(replay: 0)` and `share(replay: 1)` with the `.whileConnected`
/// scope: no subject and no `refCount`, just one connection object shared by the observers
/// while the source is subscribed.
///
/// `connection` is guarded by `lock`. The lock is recursive and held while a new observer
/// receives the replayed element, as RxSwift does, so that element always comes before the
/// source's next one; the source's events are sent to a snapshot of the observers outside
/// the lock.
final class ShareWhileConnected<Element>: Observable<Element> {
    let source: Observable<Element>
    let replaysLatest: Bool
    let lock = RecursiveLock()
    var connection: ShareConnection<Element>?

    init(source: Observable<Element>, replaysLatest: Bool) {
        self.source = source
        self.replaysLatest = replaysLatest
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.lock()
        let connection: ShareConnection<Element>
        if let current = self.connection {
            connection = current
        } else {
            connection = ShareConnection(parent: self)
            self.connection = connection
        }
        let (disposable, isFirst) = connection.lockedSubscribe(observer)
        lock.unlock()
        if isFirst {
            connection.connect()
        }
        return disposable
    }
}

/// One subscription of a ``ShareWhileConnected`` to its source and the observers sharing it.
///
/// Its state is guarded by the parent's lock.
final class ShareConnection<Element>: ObserverType, SubjectSubscriptionOwner {
    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    /// The observers, each a ``SubjectObserver`` (see ``SubjectObservers`` for why not typed).
    private var observers = Bag<AnyObject>()
    private var latest: Element?
    private var disposed = false

    init(parent: ShareWhileConnected<Element>) {
        self.parent = parent
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// Subscribes the source; called once, by the first observer, outside the lock.
    func connect() {
        subscription.setDisposable(parent.source.subscribe(self))
    }

    func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            _onNext(element)
            return
        }
        let targets: [AnyObject] = parent.lock.performLocked {
            if disposed { return [] }
            let targets = observers.removeAll()
            lockedEnd()
            return targets
        }
        SubjectObservers.deliver(event, to: targets)
        subscription.dispose()
    }

    func _onNext(_ element: Element) {
        let targets: [AnyObject] = parent.lock.performLocked {
            if disposed { return [] }
            if parent.replaysLatest {
                storeLatest(element)
            }
            return observers.elements
        }
        SubjectObservers<Element>.deliverNext(element, to: targets)
    }

    /// Keeps `element` for later subscribers; out of line, since assigning an `Element?` costs
    /// a run-time type lookup that the per-element path skips when nothing is replayed.
    @inline(never)
    private func storeLatest(_ element: Element) {
        latest = element
    }

    func lockedSubscribe<Observer: ObserverType>(_ observer: Observer) -> (Disposable, Bool)
    where Observer.Element == Element {
        let isFirst = observers.isEmpty
        if let latest {
            observer.on(.next(latest))
        }
        let subscription = SubjectSubscription(owner: self)
        subscription.key = observers.insert(SubjectObserverOf(observer, subscription: subscription))
        return (subscription, isFirst)
    }

    /// Removes the observer of `subscription`; the last one to leave disconnects the source.
    func unsubscribe(_ subscription: SubjectSubscription) {
        let (removed, disconnect): (AnyObject?, Bool) = parent.lock.performLocked {
            // The key is the connection's state: read under the lock that guards it.
            guard let key = subscription.key, let removed = observers.removeKey(key) else { return (nil, false) }
            guard observers.isEmpty else { return (removed, false) }
            lockedEnd()
            return (removed, true)
        }
        if disconnect {
            self.subscription.dispose()
        }
        _ = removed
    }

    private func lockedEnd() {
        disposed = true
        latest = nil
        if parent.connection === self {
            parent.connection = nil
        }
    }
}
