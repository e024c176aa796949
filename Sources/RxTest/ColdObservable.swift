import RxCore

/// A testable observable that, for each subscription, sends its events at their times
/// relative to the moment of subscribing.
final class ColdObservable<Element>: TestableObservable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let index = log.subscribed(at: testScheduler.clock)
        let scheduled = CompositeDisposable()
        var disposed = false
        for recorded in recordedEvents {
            let item = testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                if !disposed {
                    observer.on(recorded.value)
                }
                return Disposables.create()
            }
            _ = scheduled.insert(item)
        }
        return Disposables.create {
            guard !disposed else { return }
            disposed = true
            self.log.unsubscribed(index, at: self.testScheduler.clock)
            scheduled.dispose()
        }
    }
}
