import RxCore
import RxTest
import Testing

@Suite("first()", .resourceBalanced)
struct FirstTests {
    @Test("an empty source succeeds with nil at its completion")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.first() }
        #expect(res.events == [.next(250, nil), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("the first element succeeds at once and unsubscribes the source")
    func firstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.first() }
        #expect(res.events == [.next(210, 2), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test("an error before any element fails the single")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
        let res = scheduler.start { xs.first() }
        #expect(res.events == [.error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test("a silent source: nothing until disposed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.first() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("subscribe(onSuccess:) sees an optional")
    func singleSubscription() {
        var entries: [String] = []
        _ = Observable.of(4, 5).first().subscribe(onSuccess: { entries.append("\($0 as Any)") })
        _ = Observable<Int>.empty().first().subscribe(onSuccess: { entries.append("\($0 as Any)") })
        #expect(entries == ["Optional(4)", "nil"])
    }
}
