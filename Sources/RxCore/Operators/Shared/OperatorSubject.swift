/// A minimal multicasting subject for operators that hand out sub-sequences (`window`,
/// `groupBy`): every event goes to the observers subscribed at that moment; after a stop
/// event, new observers receive that stop event at once.
///
/// Observers are called after the lock is released, from a snapshot of the subscribers.
/// Counted as a live resource through ``Observable``.
final class OperatorSubject<Element>: Observable<Element>, ObserverType {
    private let lock = Lock()

    // Guarded by `lock`.
    private var observers = Bag<AnyObserver<Element>>()
    private var stopEvent: Event<Element>?

    override init() {
        super.init()
    }

    func on(_ event: Event<Element>) {
        let targets: [AnyObserver<Element>] = lock.locked {
            if stopEvent != nil {
                return []
            }
            if event.isStopEvent {
                stopEvent = event
                return observers.removeAll()
            }
            return observers.elements
        }
        for observer in targets {
            observer.on(event)
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let (key, stop): (BagKey?, Event<Element>?) = lock.locked {
            if let stopEvent {
                return (nil, stopEvent)
            }
            return (observers.insert(AnyObserver(observer)), nil)
        }
        guard let key else {
            if let stop {
                observer.on(stop)
            }
            return Disposables.create()
        }
        return Disposables.create { [weak self] in
            self?.unsubscribe(key)
        }
    }

    private func unsubscribe(_ key: BagKey) {
        // The removed observer is returned so that it is released after the lock.
        _ = lock.locked { observers.removeKey(key) }
    }
}
