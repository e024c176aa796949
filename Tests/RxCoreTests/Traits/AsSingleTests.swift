import RxCore
import RxTest
import Testing

@Suite("asSingle()", .resourceBalanced)
struct AsSingleTests {
    @Test("one element: the success arrives at the source's completion time")
    func one() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.asSingle() }
        #expect(res.events == [.next(250, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("no element fails with noElements at the completion")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.asSingle() }
        #expect(res.events == [.error(250, RxError.noElements)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a second element fails with moreThanOneElement at once and unsubscribes")
    func many() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let res = scheduler.start { xs.asSingle() }
        #expect(res.events == [.error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error from the source is passed on, and the held element dropped")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.asSingle() }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("a source that never ends: nothing arrives until disposed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let res = scheduler.start { xs.asSingle() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposed early: nothing arrives and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.asSingle() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("subscribe(_:) sees exactly one event for each outcome")
    func subscribeEvents() {
        var events: [String] = []
        _ = Observable.of(1).asSingle().subscribe { events.append(describe($0)) }
        _ = Observable<Int>.empty().asSingle().subscribe { events.append(describe($0)) }
        _ = Observable.of(1, 2).asSingle().subscribe { events.append(describe($0)) }
        #expect(
            events == [
                "success(1)",
                "failure(Sequence doesn't contain any elements.)",
                "failure(Sequence contains more than one element.)",
            ])
    }
}

@Suite("asMaybe()", .resourceBalanced)
struct AsMaybeTests {
    @Test("one element: the success arrives at the source's completion time")
    func one() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.asMaybe() }
        #expect(res.events == [.next(250, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("no element completes empty")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.asMaybe() }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a second element fails with moreThanOneElement at once and unsubscribes")
    func many() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.asMaybe() }
        #expect(res.events == [.error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error from the source is passed on")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.asMaybe() }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposed early: nothing arrives and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.asMaybe() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("Single.asMaybe keeps the success; Single.asCompletable drops the element")
    func fromSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        let maybe = scheduler.start { xs.asSingle().asMaybe() }
        #expect(maybe.events == [.next(250, 2), .completed(250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 2), .completed(250)])
        let completable = scheduler2.start { ys.asSingle().asCompletable() }
        #expect(completable.events == [.completed(250)])
    }
}

@Suite("asCompletable()", .resourceBalanced)
struct AsCompletableTests {
    @Test("an Observable<Never> becomes a completable with the same stop event")
    func fromNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Never.self)])
        let res = scheduler.start { xs.asCompletable() }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.error(240, testError, Never.self)])
        #expect(scheduler2.start { ys.asCompletable() }.events == [.error(240, testError)])
    }
}
