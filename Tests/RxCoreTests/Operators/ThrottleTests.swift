import RxCore
import RxTest
import Testing

@Suite("throttle", .resourceBalanced)
struct ThrottleTests {
    private static func source(
        _ scheduler: TestScheduler,
        end: Recorded<Event<Int>>? = .completed(500)
    ) -> TestableObservable<Int> {
        var events: [Recorded<Event<Int>>] = [
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6), .next(450, 7),
        ]
        if let end { events.append(end) }
        return scheduler.createHotObservable(events)
    }

    // MARK: latest: false

    @Test("latest false: the first element of each window, nothing at the window's end")
    func notLatestCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(410, 6), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test("latest false: a silent source sends nothing")
    func notLatestNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0)])
        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("latest false: an empty source completes")
    func notLatestEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(500)])
        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(res.events == [.completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test("latest false: an error is passed on at once")
    func notLatestError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .error(410, testError),
            .next(450, 7), .completed(500),
        ])
        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .error(410, testError)])
        #expect(xs.subscriptions == [Subscription(200, 410)])
    }

    @Test("latest false: a source that never ends")
    func notLatestNoEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler, end: nil)
        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(410, 6)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    // MARK: latest: true (the default)

    @Test("the first element at once, the latest of the window when it ends; the completion waits for it")
    func latestCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test("a completion after the last window is passed on when it comes")
    func latestCompletedAfterDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler, end: .completed(900))
        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
        #expect(xs.subscriptions == [Subscription(200, 900)])
    }

    @Test("a silent source sends nothing")
    func latestNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0)])
        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("an empty source completes")
    func latestEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(500)])
        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test("an error is passed on at once and drops the waiting element")
    func latestError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .error(410, testError),
            .next(450, 7), .completed(500),
        ])
        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .error(410, testError)])
        #expect(xs.subscriptions == [Subscription(200, 410)])
    }

    @Test("a source that never ends")
    func latestNoEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler, end: nil)
        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(410, 6), .next(610, 7)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("the element sent at a window's end opens the next window")
    func windowEndOpensNextWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(260, 3), .next(280, 4), .next(400, 5), .completed(450),
        ])
        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }
        // 1 at once; 2 waits until 260, but 3 arrives at 260 first and goes out at once
        // (its window started at 210); 4 waits until 310; 5 is far enough from 310.
        #expect(
            res.events == [
                .next(210, 1), .next(260, 3), .next(310, 4), .next(400, 5), .completed(450),
            ])
        #expect(xs.subscriptions == [Subscription(200, 450)])
    }

    @Test("disposing while an element waits sends nothing more and cancels the timer")
    func disposedWhileWaiting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 300) { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("disposing while the completion waits for the last element sends nothing more")
    func disposedWhileCompletionWaits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 550) { xs.throttle(.seconds(200), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(410, 6)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test("a zero due time lets everything through at once")
    func zeroDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(211, 3), .completed(220)])
        let res = scheduler.start { xs.throttle(.seconds(0), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(210, 2), .next(211, 3), .completed(220)])
    }

    @Test("the window may be given in milliseconds")
    func milliseconds() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let taps = scheduler.createHotObservable([
            .next(200, "tap 1"), .next(300, "tap 2"), .next(400, "tap 3"), .next(900, "tap 4"),
        ])
        let res = scheduler.start(created: 0, subscribed: 100, disposed: 2_000) {
            taps.throttle(.milliseconds(500), scheduler: scheduler)
        }
        #expect(res.events == [.next(200, "tap 1"), .next(700, "tap 3"), .next(1_200, "tap 4")])
    }
}
