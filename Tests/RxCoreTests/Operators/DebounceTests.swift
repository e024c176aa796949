import RxCore
import RxTest
import Testing

@Suite("debounce", .resourceBalanced)
struct DebounceTests {
    @Test("elements further apart than the due time all pass, each delayed by it")
    func allPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(300, 3), .next(350, 4), .next(400, 5), .completed(500),
        ])
        let res = scheduler.start { xs.debounce(.seconds(40), scheduler: scheduler) }
        #expect(res.events == [.next(290, 2), .next(340, 3), .next(390, 4), .next(440, 5), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test("each element restarts the timer; only the last of a burst is sent")
    func bursts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(280, 4), .next(290, 5), .next(350, 6), .completed(400),
        ])
        let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(260, 3), .next(320, 5), .next(380, 6), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test("an element exactly one due time after the previous one replaces it")
    func exactlyAtDueTime() {
        // The element at 240 was scheduled before the timer that ends at 240, so it arrives
        // first and restarts the timer.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(270, 2), .completed(300)])
    }

    @Test("the completion sends the element still waiting first")
    func completionFlushes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(230, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("an empty source just completes")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("an error drops the element still waiting")
    func errorDropsWaiting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(260, testError)])
        let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 1), .error(260, testError)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("a zero due time sends each element on the next tick")
    func zeroDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.debounce(.seconds(0), scheduler: scheduler) }
        #expect(res.events == [.next(211, 1), .next(221, 2), .completed(230)])
    }

    @Test("a source that never ends keeps its last element once it went quiet")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2)])
        let res = scheduler.start { xs.debounce(.milliseconds(20_000), scheduler: scheduler) }
        #expect(res.events == [.next(235, 2)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposing while an element waits sends nothing and cancels the timer")
    func disposedWhileWaiting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
        let res = scheduler.start(disposed: 260) { xs.debounce(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 1)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("a search field: only the query typed before a pause goes out")
    func searchField() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let query = scheduler.createHotObservable([
            .next(300, "R"), .next(400, "Rx"), .next(500, "RxS"), .next(1_200, "RxSwift"), .completed(2_000),
        ])
        let res = scheduler.start(disposed: 3_000) { query.debounce(.milliseconds(300), scheduler: scheduler) }
        #expect(res.events == [.next(800, "RxS"), .next(1_500, "RxSwift"), .completed(2_000)])
    }
}
