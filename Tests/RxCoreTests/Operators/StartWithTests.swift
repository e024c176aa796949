import RxCore
import RxTest
import Testing

@Suite("startWith", .resourceBalanced)
struct StartWithTests {
    @Test("the element comes at subscription, then the source")
    func one() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.startWith(1) }
        #expect(res.events == [.next(200, 1), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("several elements keep their order")
    func several() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.startWith(1, 2) }
        #expect(res.events == [.next(200, 1), .next(200, 2), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("chained calls prepend: the last one comes first")
    func chained() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.startWith(1, 2).startWith(3, 4) }
        #expect(res.events == [.next(200, 3), .next(200, 4), .next(200, 1), .next(200, 2), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a source error follows the prepended elements")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .error(230, testError)])
        let res = scheduler.start { xs.startWith(1) }
        #expect(res.events == [.next(200, 1), .next(220, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposing early unsubscribes the source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.startWith(1) }
        #expect(res.events == [.next(200, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("synchronous use, as in the documentation example")
    func documentationExample() {
        let events = CombiningSupport.synchronousEvents(Observable.of(3, 4).startWith(1, 2))
        #expect(events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }
}
