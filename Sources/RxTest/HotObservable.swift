import RxCore

/// A testable observable that sends its events at their absolute times whether or not anyone
/// is subscribed; each event goes to the observers subscribed when it is sent.
final class HotObservable<Element>: TestableObservable<Element> {
    private typealias Observer = (Event<Element>) -> Void

    private var observers: [(key: Int, on: Observer)] = []
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>], log: SubscriptionLog) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents, log: log)
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) {
                self.send(recorded.value)
            }
        }
    }

    private func send(_ event: Event<Element>) {
        // Observers that subscribe while this event is delivered do not receive it.
        let current = observers
        for observer in current {
            observer.on(event)
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let key = nextKey
        nextKey += 1
        observers.append((key: key, on: observer.on))
        let index = log.subscribed(at: testScheduler.clock)
        return Disposables.create {
            self.observers.removeAll { $0.key == key }
            self.log.unsubscribed(index, at: self.testScheduler.clock)
        }
    }
}
