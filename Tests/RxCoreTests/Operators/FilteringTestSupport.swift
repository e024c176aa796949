import RxCore
import RxTest
import Testing

/// A minimal publish subject for the book's chapter 5 examples, which drive their operators
/// through `PublishSubject`: it sends each event to the observers subscribed at that moment
/// and replays only the stop event to late subscribers. Single-threaded, for tests only.
///
/// The subjects live on another branch; once it is merged these examples can use
/// `PublishSubject` itself.
final class PublishSubjectStandIn<Element>: Observable<Element>, ObserverType {
    private var observers: [(key: Int, on: (Event<Element>) -> Void)] = []
    private var nextKey = 0
    private var stopEvent: Event<Element>?

    /// How many observers are subscribed now.
    var observerCount: Int { observers.count }

    func on(_ event: Event<Element>) {
        guard stopEvent == nil else { return }
        if event.isStopEvent {
            stopEvent = event
        }
        let current = observers
        if event.isStopEvent {
            observers.removeAll()
        }
        for observer in current {
            observer.on(event)
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        let key = nextKey
        nextKey += 1
        observers.append((key: key, on: observer.on))
        return Disposables.create { [weak self] in
            self?.observers.removeAll { $0.key == key }
        }
    }
}

/// Shared pieces of the filtering operator tests.
enum FilteringSupport {
    /// A predicate error distinct from the sources' `testError`.
    static let predicateError = TestError(code: 42)
}
