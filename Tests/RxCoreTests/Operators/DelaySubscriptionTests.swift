import RxCore
import RxTest
import Testing

@Suite("delaySubscription", .resourceBalanced)
struct DelaySubscriptionTests {
    @Test("subscribes after the due time; the events then pass unchanged")
    func simple() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .next(290, 43), .completed(300)])
        #expect(xs.subscriptions == [Subscription(230, 300)])
    }

    @Test("an error from the source passes through")
    func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, testError)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .next(290, 43), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(230, 300)])
    }

    @Test("disposing after the delay unsubscribes the source")
    func dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, testError)])
        let res = scheduler.start(disposed: 291) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .next(290, 43)])
        #expect(xs.subscriptions == [Subscription(230, 291)])
    }

    @Test("disposing before the delay cancels the subscription")
    func disposeBeforeDue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
        let res = scheduler.start(disposed: 229) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions.isEmpty)
    }

    @Test("a hot source's elements before the delayed subscription are missed")
    func hotSourceBeforeDue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(260)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 2), .completed(260)])
        #expect(xs.subscriptions == [Subscription(230, 260)])
    }

    @Test("releases everything after completing and after failing")
    func releasesResources() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [Event<Int>] = []
        _ = Observable.just(1).delaySubscription(.seconds(35), scheduler: scheduler).subscribe { events.append($0) }
        _ = Observable<Int>.error(testError).delaySubscription(.seconds(35), scheduler: scheduler)
            .subscribe { events.append($0) }
        scheduler.start()
        #expect(events == [.next(1), .completed, .error(testError)])
    }
}
