import Dispatch
import RxCore
import RxTest
import Testing

@Suite("delay", .resourceBalanced, .offPool)
struct DelayTests {
    private static func source(_ scheduler: TestScheduler, end: Recorded<Event<Int>> = .completed(550)) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), end])
    }

    @Test(
        "elements and the completion are shifted by the due time",
        arguments: [
            (100, [Recorded.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)]),
            (50, [Recorded.next(300, 2), .next(400, 3), .next(500, 4), .completed(600)]),
            (150, [Recorded.next(400, 2), .next(500, 3), .next(600, 4), .completed(700)]),
        ])
    func simple(dueTime: Int, expected: [Recorded<Event<Int>>]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.delay(.seconds(dueTime), scheduler: scheduler) }
        #expect(res.events == expected)
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test("every recorded event after the subscription comes exactly due time later")
    func positive() {
        let scheduler = TestScheduler(initialClock: 0)
        let messages: [Recorded<Event<Int>>] = [.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550)]
        let xs = scheduler.createHotObservable(messages)
        let res = scheduler.start { xs.delay(.seconds(42), scheduler: scheduler) }
        let expected = messages.map { Recorded(time: $0.time + 42, value: $0.value) }.filter { $0.time > 200 }
        #expect(res.events == expected)
    }

    @Test("an error arrives at once")
    func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(250, testError)])
        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a lone completion is delayed too")
    func completed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
        #expect(res.events == [.completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an error after all elements were delivered comes at its own time")
    func errorAfterElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler, end: .error(550, testError))
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(300, 2), .next(400, 3), .next(500, 4), .error(550, testError)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test("an error drops the elements still waiting")
    func errorDropsPendingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler, end: .error(550, testError))
        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
        #expect(res.events == [.next(400, 2), .next(500, 3), .error(550, testError)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test("elements sent at the same time leave one per timer run (one tick apart here), as in RxSwift")
    func sameTimeElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .next(20, 3), .completed(20)])
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(260, 1), .next(261, 2), .next(270, 3), .completed(271)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing early cancels the elements still waiting and unsubscribes the source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 400) { xs.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(350, 2)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test("the due time may be given in milliseconds")
    func milliseconds() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createColdObservable([.next(5, "a"), .next(7, "b"), .completed(9)])
        let res = scheduler.start { xs.delay(.milliseconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(235, "a"), .next(237, "b"), .completed(239)])
    }

    @Test("releases everything after completing and after failing")
    func releasesResources() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [Event<Int>] = []
        _ = Observable.just(1).delay(.seconds(100), scheduler: scheduler).subscribe { events.append($0) }
        _ = Observable<Int>.error(testError).delay(.seconds(100), scheduler: scheduler).subscribe { events.append($0) }
        scheduler.start()
        #expect(events == [.error(testError), .next(1), .completed])
    }

    @Test("on a dispatch scheduler the elements arrive in order, after the delay")
    func realScheduler() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let source = ManualSource<Int>()
        let done = Countdown()
        let log = MarkedEventLog<Int> { event in
            if event.isStopEvent { done.signal() }
        }
        let start = uptime()
        let subscription = source.delay(.milliseconds(20), scheduler: scheduler).subscribe(log)
        DispatchQueue.global().async {
            source.onNext(1)
            source.onNext(2)
            source.onNext(3)
            source.on(.completed)
        }
        #expect(await done.wait())
        #expect(uptime() - start >= 20_000_000)
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        subscription.dispose()
    }

    @Test("on a dispatch scheduler an error overtakes the waiting elements, whose timer is cancelled")
    func realSchedulerError() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let source = ManualSource<Int>()
        let done = Countdown()
        let log = MarkedEventLog<Int> { event in
            if event.isStopEvent { done.signal() }
        }
        let subscription = source.delay(.seconds(60), scheduler: scheduler).subscribe(log)
        source.onNext(1)
        source.on(.error(testError))
        #expect(await done.wait())
        #expect(log.events == [.error(testError)])
        // The observer sees the error before the operator disposes its source subscription.
        #expect(await eventually { source.observerCount == 0 })
        subscription.dispose()
    }
}
