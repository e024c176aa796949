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
final class ShareConnection<Element>: ObserverType {
    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    private var observers = Bag<AnyObserver<Element>>()
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
        let targets: [AnyObserver<Element>] = parent.lock.performLocked {
            if disposed { return [] }
            switch event {
            case .next(let element):
                if parent.replaysLatest {
                    latest = element
                }
                return observers.elements
            case .error, .completed:
                let targets = observers.removeAll()
                lockedEnd()
                return targets
            }
        }
        for observer in targets {
            observer.on(event)
        }
        if event.isStopEvent {
            subscription.dispose()
        }
    }

    /// Adds `observer`, replaying the latest element to it first. Call with the lock held.
    /// - Returns: The observer's subscription and whether it is the first observer.
    func lockedSubscribe<Observer: ObserverType>(_ observer: Observer) -> (Disposable, Bool)
    where Observer.Element == Element {
        let isFirst = observers.isEmpty
        if let latest {
            observer.on(.next(latest))
        }
        let key = observers.insert(AnyObserver(observer))
        let disposable = Disposables.create { [weak self] in
            self?.unsubscribe(key)
        }
        return (disposable, isFirst)
    }

    private func unsubscribe(_ key: BagKey) {
        let (removed, disconnect): (AnyObserver<Element>?, Bool) = parent.lock.performLocked {
            guard let removed = observers.removeKey(key) else { return (nil, false) }
            guard observers.isEmpty else { return (removed, false) }
            lockedEnd()
            return (removed, true)
        }
        if disconnect {
            subscription.dispose()
        }
        _ = removed
    }

    /// Ends this connection: the next observer makes a new one. Call with the lock held.
    private func lockedEnd() {
        disposed = true
        latest = nil
        if parent.connection === self {
            parent.connection = nil
        }
    }
}
