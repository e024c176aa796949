import RxCore
import RxTest
import Testing

@Suite("take(until: other)", .resourceBalanced)
struct TakeUntilTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    @Test("the trigger's first element completes the result and unsubscribes both")
    func preemptSomeDataNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(225)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("the trigger's error ends the result with it")
    func preemptSomeDataError() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("a trigger that completes without an element lets the source go on")
    func noPreemptSomeDataEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("a silent trigger is unsubscribed when the source completes")
    func noPreemptSomeDataNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 250)])
    }

    @Test("the trigger completes a silent source")
    func preemptNeverNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 2), .completed(250)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.completed(225)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("the trigger's error ends a silent source")
    func preemptNeverError() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("a silent source with a trigger that only completes stays subscribed until disposal")
    func noPreemptNeverEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events.isEmpty)
        #expect(l.subscriptions == [Subscription(200, 1000)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("a trigger before the first element completes with no elements")
    func preemptBeforeFirstProduced() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(240)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(220)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.completed(210)])
        #expect(l.subscriptions == [Subscription(200, 210)])
        #expect(r.subscriptions == [Subscription(200, 210)])
    }

    @Test("the source's completion unsubscribes the trigger before it fires")
    func noPreemptAfterLastProduced() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(240)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(250, 2), .completed(260)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.next(230, 2), .completed(240)])
        #expect(l.subscriptions == [Subscription(200, 240)])
        #expect(r.subscriptions == [Subscription(200, 240)])
    }

    @Test("the source's error is passed on and unsubscribes the trigger")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(240, 2)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("disposing early unsubscribes from both")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(300, 0)])
        let res = scheduler.start(disposed: 215) { l.take(until: r) }
        #expect(res.events == [.next(210, 2)])
        #expect(l.subscriptions == [Subscription(200, 215)])
        #expect(r.subscriptions == [Subscription(200, 215)])
    }

    @Test("the trigger is subscribed before the source")
    func subscriptionOrder() {
        var log: [String] = []
        let source = Observable<Int>.create { _ in
            log.append("source subscribed")
            return Disposables.create { log.append("source disposed") }
        }
        let trigger = Observable<Int>.create { _ in
            log.append("trigger subscribed")
            return Disposables.create { log.append("trigger disposed") }
        }
        source.take(until: trigger).subscribe().dispose()
        #expect(log == ["trigger subscribed", "source subscribed", "source disposed", "trigger disposed"])
    }

    @Test("a trigger that emits while being subscribed completes before any element")
    func synchronousTrigger() {
        #expect(synchronousEvents(Observable.of(1, 2, 3).take(until: Observable.just(0))) == [.completed])
    }

    @Test("works with a subject as the trigger, as in the book's later examples")
    func subjects() {
        let subject = PublishSubject<String>()
        let trigger = PublishSubject<String>()
        var printed: [String] = []
        let subscription =
            subject
            .take(until: trigger)
            .subscribe(onNext: { printed.append($0) }, onCompleted: { printed.append("completed") })
        subject.onNext("1")
        subject.onNext("2")
        trigger.onNext("X")
        subject.onNext("3")
        #expect(printed == ["1", "2", "completed"])
        #expect(!subject.hasObservers)
        #expect(!trigger.hasObservers)
        subscription.dispose()
    }

    @Test("the deprecated takeUntil(_:) is the same operator")
    @available(*, deprecated, message: "exercises takeUntil(_:)")
    func deprecatedSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(225, 99)])
        let res = scheduler.start { l.takeUntil(r) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(225)])
    }
}
