import RxCore
import RxTest

/// Records the sub-sequences an operator hands out (windows, groups): each one is subscribed
/// with its own testable observer the moment it arrives.
final class SubsequenceRecorder<Element> {
    private let scheduler: TestScheduler

    /// When each sub-sequence arrived.
    private(set) var arrivals: [TestTime] = []
    /// The events of each sub-sequence, in arrival order.
    private(set) var observers: [TestableObserver<Element>] = []
    /// The subscriptions to the sub-sequences, for tests that dispose them early.
    private(set) var subscriptions: [Disposable] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Subscribes a new observer to `subsequence` and remembers it.
    func record<Source: ObservableType>(_ subsequence: Source) where Source.Element == Element {
        let observer = scheduler.createObserver(Element.self)
        arrivals.append(scheduler.clock)
        observers.append(observer)
        subscriptions.append(subsequence.subscribe(observer))
    }

    /// The recorded events of every sub-sequence.
    var events: [[Recorded<Event<Element>>]] {
        observers.map(\.events)
    }

    /// Disposes every sub-sequence subscription.
    func disposeAll() {
        for subscription in subscriptions {
            subscription.dispose()
        }
    }
}

/// A cold sequence that, unlike ``TestableObservable`` (which `asObservable()` wraps so that it
/// ends its own subscription on a stop event), leaves its subscription open after it
/// terminates: tests see exactly when an operator releases it.
final class UnreleasedColdObservable<Element>: Observable<Element> {
    private let scheduler: TestScheduler
    private let events: [Recorded<Event<Element>>]

    /// When each subscription was made and disposed.
    private(set) var subscriptions: [Subscription] = []

    init(scheduler: TestScheduler, events: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.events = events
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let index = subscriptions.count
        let start = scheduler.clock
        subscriptions.append(Subscription(start))
        var active = true
        for recorded in events {
            scheduler.scheduleAt(start + recorded.time) {
                if active { observer.on(recorded.value) }
            }
        }
        return Disposables.create { [self] in
            active = false
            subscriptions[index] = Subscription(start, scheduler.clock)
        }
    }
}
