import RxCore
import RxTest
import Testing

@Suite("Open subscriptions")
struct OpenSubscriptionsTests {
    @Test("no observables means nothing open")
    func noObservablesMeansNothingOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.openSubscriptions.isEmpty)
        #expect(scheduler.openSubscriptionsMessage() == nil)
        #expect(scheduler.expectNoOpenSubscriptions())
    }

    @Test("disposed subscriptions are not open")
    func disposedSubscriptionsAreNotOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createColdObservable([.next(10, 1)])
        _ = scheduler.start { xs.asObservable() }
        _ = scheduler.start(created: 1_100, subscribed: 1_200, disposed: 1_300) { ys.asObservable() }
        #expect(scheduler.openSubscriptions.isEmpty)
        #expect(scheduler.expectNoOpenSubscriptions())
    }

    @Test("open subscriptions are listed per observable")
    func openSubscriptionsAreListedPerObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let closed = scheduler.createHotObservable([Recorded<Event<Int>>]())
        scheduler.advanceTo(50)
        let ys = scheduler.createColdObservable([.next(10, "a")])
        var kept: [Disposable] = []
        scheduler.scheduleAt(200) { kept.append(xs.subscribe { _ in }) }
        scheduler.scheduleAt(250) { closed.subscribe { _ in }.dispose() }
        scheduler.scheduleAt(300) { kept.append(ys.subscribe { _ in }) }
        scheduler.scheduleAt(400) { kept.append(ys.subscribe { _ in }) }
        scheduler.scheduleAt(500) { ys.subscribe { _ in }.dispose() }
        scheduler.advanceTo(1_000)

        #expect(
            scheduler.openSubscriptions == [
                OpenSubscriptions(observableDescription: "hot observable #1 (created at 0)", subscriptions: [Subscription(200)]),
                OpenSubscriptions(
                    observableDescription: "cold observable #3 (created at 50)",
                    subscriptions: [Subscription(300), Subscription(400)]),
            ])
        #expect(
            scheduler.openSubscriptionsMessage() == """
                3 subscriptions still open at time 1000:
                  hot observable #1 (created at 0): (200 : Infinity)
                  cold observable #3 (created at 50): (300 : Infinity), (400 : Infinity)
                """)
        let message = scheduler.openSubscriptionsMessage()
        withKnownIssue {
            #expect(!scheduler.expectNoOpenSubscriptions())
        } matching: { issue in
            issue.comments.map(\.rawValue) == [message ?? ""]
        }

        kept.forEach { $0.dispose() }
        #expect(scheduler.openSubscriptions.isEmpty)
        #expect(ys.subscriptions == [Subscription(300, 1_000), Subscription(400, 1_000), Subscription(500, 500)])
    }

    @Test("single open subscription message")
    func singleOpenSubscriptionMessage() {
        let message = OpenSubscriptions.message(
            for: [OpenSubscriptions(observableDescription: "hot observable #2 (created at 0)", subscriptions: [Subscription(200)])],
            at: 1_000)
        #expect(
            message == """
                1 subscription still open at time 1000:
                  hot observable #2 (created at 0): (200 : Infinity)
                """)
        #expect(OpenSubscriptions.message(for: [], at: 5) == nil)
    }

    @Test("leaked subscription through an operator is caught")
    func leakedSubscriptionThroughAnOperatorIsCaught() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        // A source that forgets to return its inner subscription: disposing the outer
        // subscription at 1000 leaves the inner one open.
        let leaky = Observable<Int>.create { observer in
            _ = xs.subscribe(observer)
            return Disposables.create()
        }
        let res = scheduler.start { leaky }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(
            scheduler.openSubscriptionsMessage() == """
                1 subscription still open at time 1000:
                  hot observable #1 (created at 0): (200 : Infinity)
                """)
    }
}
