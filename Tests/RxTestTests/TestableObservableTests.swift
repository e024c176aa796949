import RxCore
import RxTest
import Testing

private struct TestError: Error, Equatable {
    let code: Int
}

@Suite("Hot and cold testable observables")
struct TestableObservableTests {
    @Test("hot observable sends at absolute times to current subscribers")
    func hotObservableSendsAtAbsoluteTimesToCurrentSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 2),
            .next(220, 3),
            .completed(300),
        ])
        let res = scheduler.start { xs.asObservable() }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("hot observable without stop event is disposed at the end")
    func hotObservableWithoutStopEventIsDisposedAtTheEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(1_000, "tie"), .next(1_100, "later")])
        let res = scheduler.start { xs.asObservable() }
        // The event at 1000 was scheduled when the observable was created, before `start`
        // scheduled the disposal at 1000, so at the tie it is still delivered.
        #expect(res.events == [.next(210, "a"), .next(1_000, "tie")])
        #expect(xs.subscriptions == [Subscription(200, 1_000)])
    }

    @Test("hot observable shares events between subscribers")
    func hotObservableSharesEventsBetweenSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1), .next(20, 2), .next(30, 3), .error(40, TestError(code: 7))])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var firstSubscription: Disposable?
        var secondSubscription: Disposable?
        scheduler.scheduleAt(5) { firstSubscription = xs.subscribe(first) }
        scheduler.scheduleAt(15) { secondSubscription = xs.subscribe(second) }
        scheduler.scheduleAt(25) { firstSubscription?.dispose() }
        scheduler.scheduleAt(50) { secondSubscription?.dispose() }
        scheduler.start()
        #expect(first.events == [.next(10, 1), .next(20, 2)])
        #expect(second.events == [.next(20, 2), .next(30, 3), .error(40, TestError(code: 7))])
        #expect(xs.subscriptions == [Subscription(5, 25), Subscription(15, 50)])
    }

    @Test("hot observable subscriber added during delivery waits for the next event")
    func hotObservableSubscriberAddedDuringDeliveryWaitsForTheNextEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1), .next(20, 2)])
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(0) {
            subscriptions.append(
                xs.subscribe { event in
                    if event.element == 1 { subscriptions.append(xs.subscribe(late)) }
                })
        }
        scheduler.start()
        #expect(late.events == [.next(20, 2)])
        #expect(xs.subscriptions == [Subscription(0), Subscription(10)])
        subscriptions.forEach { $0.dispose() }
    }

    @Test("hot observable events run before later scheduled work at the same time")
    func hotObservableEventsRunBeforeLaterScheduledWorkAtTheSameTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1)])
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        // Scheduled after the hot observable's event: at the tie, the event goes first.
        scheduler.scheduleAt(10) { subscription = xs.subscribe(observer) }
        scheduler.start()
        #expect(observer.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(10)])
        subscription?.dispose()
        #expect(xs.subscriptions == [Subscription(10, 10)])
    }

    @Test("disposing twice records the first time")
    func disposingTwiceRecordsTheFirstTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        var subscription: Disposable?
        scheduler.scheduleAt(10) { subscription = xs.subscribe { _ in } }
        scheduler.scheduleAt(20) { subscription?.dispose() }
        scheduler.scheduleAt(30) { subscription?.dispose() }
        scheduler.start()
        #expect(xs.subscriptions == [Subscription(10, 20)])
    }

    @Test("cold observable sends relative to each subscription")
    func coldObservableSendsRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, "a"), .next(10, "b"), .completed(25)])
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        var disposables: [Disposable] = []
        scheduler.scheduleAt(100) { disposables.append(xs.subscribe(first)) }
        scheduler.scheduleAt(105) { disposables.append(xs.subscribe(second)) }
        scheduler.start()
        #expect(first.events == [.next(100, "a"), .next(110, "b"), .completed(125)])
        #expect(second.events == [.next(105, "a"), .next(115, "b"), .completed(130)])
        #expect(xs.subscriptions == [Subscription(100), Subscription(105)])
        disposables.forEach { $0.dispose() }
        #expect(xs.subscriptions == [Subscription(100, 130), Subscription(105, 130)])
    }

    @Test("cold observable through start is unsubscribed on completion")
    func coldObservableThroughStartIsUnsubscribedOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let res = scheduler.start { xs.asObservable() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("cold observable stops sending when disposed")
    func coldObservableStopsSendingWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3)])
        let res = scheduler.start(disposed: 225) { xs.asObservable() }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test("recorded events are kept")
    func recordedEventsAreKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let events: [Recorded<Event<Int>>] = [.next(10, 1), .completed(20)]
        #expect(scheduler.createHotObservable(events).recordedEvents == events)
        #expect(scheduler.createColdObservable(events).recordedEvents == events)
    }
}
