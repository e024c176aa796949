import RxCore
import RxTest
import Testing

@Suite("timeout", .resourceBalanced)
struct TimeoutTests {
    @Test("a completion in time passes through")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(300)])
        let res = scheduler.start { xs.timeout(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("an error in time passes through")
    func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .error(300, testError)])
        let res = scheduler.start { xs.timeout(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("a silent source disposed before the due time gives nothing")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0)])
        let res = scheduler.start { xs.timeout(.seconds(1000), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("elements closer together than the due time pass through")
    func dueTimeSimple() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 42), .next(25, 43), .next(40, 44), .next(50, 45), .completed(60)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(210, 42), .next(225, 43), .next(240, 44), .next(250, 45), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("an element exactly at the due time still wins (it was scheduled first)")
    func dueTimeExact() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 42), .next(20, 43), .next(50, 44), .next(60, 45), .completed(70)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(210, 42), .next(220, 43), .next(250, 44), .next(260, 45), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @Test("a gap longer than the due time fails with RxError.timeout and unsubscribes the source")
    func dueTimeTimeout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 42), .next(20, 43), .next(50, 44), .next(60, 45), .completed(70)])
        let res = scheduler.start { xs.timeout(.seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(210, 42), .next(220, 43), .error(245, RxError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 245)])
    }

    @Test("disposing stops the events and the timer")
    func dueTimeDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
            .next(350, 6), .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
        ])
        let res = scheduler.start(disposed: 370) { xs.timeout(.seconds(40), scheduler: scheduler) }
        #expect(
            res.events == [
                .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
            ])
        #expect(xs.subscriptions == [Subscription(200, 370)])
    }

    @Test("a timeout before the first element switches to the fallback")
    func timeoutOccurs1() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(70, 1), .next(130, 2), .next(310, 3), .next(400, 4), .completed(500)])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(350, -1), .next(500, -2), .next(610, -3), .completed(620)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(300, 620)])
    }

    @Test("a timeout after some elements switches to the fallback")
    func timeoutOccurs2() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(130, 2), .next(240, 3), .next(310, 4), .next(430, 5), .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(
            res.events == [
                .next(240, 3), .next(310, 4), .next(460, -1), .next(610, -2), .next(720, -3), .completed(730),
            ])
        #expect(xs.subscriptions == [Subscription(200, 410)])
        #expect(ys.subscriptions == [Subscription(410, 730)])
    }

    @Test("a fallback that never emits keeps the result silent until disposed")
    func timeoutOccursNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(130, 2), .next(240, 3), .next(310, 4), .next(430, 5), .completed(500),
        ])
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(240, 3), .next(310, 4)])
        #expect(xs.subscriptions == [Subscription(200, 410)])
        #expect(ys.subscriptions == [Subscription(410, 1000)])
    }

    @Test("a source that would complete after the due time is replaced before it does")
    func timeoutOccursCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(500)])
        let ys = scheduler.createColdObservable([.next(100, -1)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(400, -1)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(300, 1000)])
    }

    @Test("a source that would fail after the due time is replaced before it does")
    func timeoutOccursError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(500, testError)])
        let ys = scheduler.createColdObservable([.next(100, -1)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(400, -1)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(300, 1000)])
    }

    @Test("the fallback's error ends the result")
    func timeoutOccursNextIsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(500, 42)])
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>.error(100, testError)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.error(400, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(300, 400)])
    }

    @Test("a completion in time never subscribes the fallback")
    func timeoutNotOccursCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let ys = scheduler.createColdObservable([.next(100, -1)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions.isEmpty)
    }

    @Test("an error in time never subscribes the fallback")
    func timeoutNotOccursError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(250, testError)])
        let ys = scheduler.createColdObservable([.next(100, -1)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions.isEmpty)
    }

    @Test("elements in time keep the fallback away")
    func timeoutNotOccurs() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(130, 2), .next(240, 3), .next(320, 4), .next(410, 5), .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(240, 3), .next(320, 4), .next(410, 5), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(ys.subscriptions.isEmpty)
    }

    @Test("disposing after the switch unsubscribes the fallback")
    func disposeAfterSwitch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(900)])
        let ys = scheduler.createColdObservable([.next(10, -1), .next(100, -2), .completed(200)])
        let res = scheduler.start(disposed: 400) { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(270, -1), .next(360, -2)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
        #expect(ys.subscriptions == [Subscription(260, 400)])
    }

    @Test("releases everything after completing, failing and timing out")
    func releasesResources() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [Event<Int>] = []
        _ = Observable.just(1).timeout(.seconds(100), other: Observable.empty(), scheduler: scheduler)
            .subscribe { events.append($0) }
        _ = Observable<Int>.error(testError).timeout(.seconds(100), other: Observable.empty(), scheduler: scheduler)
            .subscribe { events.append($0) }
        _ = Observable<Int>.never().timeout(.seconds(100), scheduler: scheduler).subscribe { events.append($0) }
        scheduler.start()
        #expect(events == [.next(1), .completed, .error(testError), .error(RxError.timeout)])
    }
}
