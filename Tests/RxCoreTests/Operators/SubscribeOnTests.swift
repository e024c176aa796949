import Dispatch
import Foundation
import RxCore
import RxTest
import Testing

@Suite("subscribe(on:)", .resourceBalanced, .offPool)
struct SubscribeOnTests {
    @Test("subscribes and disposes on the scheduler: one tick late on a test scheduler")
    func schedulerSleep() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt: Int?
        var disposedAt: Int?
        let xs = Observable<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events.isEmpty)
        #expect(subscribedAt == 201)
        #expect(disposedAt == 1001)
    }

    @Test("a completion passes through and ends the subscription (disposed on the scheduler)")
    func schedulerCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test("an error passes through and ends the subscription (disposed on the scheduler)")
    func schedulerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(300, testError)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.error(300, testError)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test("disposing unsubscribes the source on the scheduler")
    func schedulerDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(201, 1001)])
    }

    @Test("disposing before the scheduled subscription cancels it")
    func disposeBeforeSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            xs.subscribe(on: scheduler).subscribe(observer).dispose()
        }
        scheduler.start()
        #expect(observer.events.isEmpty)
        #expect(xs.subscriptions.isEmpty)
    }

    @Test("the deprecated subscribeOn is subscribe(on:)")
    @available(*, deprecated)
    func deprecatedSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start { xs.subscribeOn(scheduler) }
        #expect(res.events == [.next(210, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test("releases everything after completing and after failing")
    func releasesResources() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [Event<Int>] = []
        _ = Observable.just(1).subscribe(on: scheduler).subscribe { events.append($0) }
        _ = Observable<Int>.error(testError).subscribe(on: scheduler).subscribe { events.append($0) }
        scheduler.start()
        #expect(events == [.next(1), .completed, .error(testError)])
    }

    @Test("on a serial dispatch scheduler the source is subscribed and disposed on its queue")
    func serialQueue() async {
        let fixture = MarkedSerialScheduler("subscribe-on.serial")
        let source = ManualSource<Int>()
        let log = MarkedEventLog<Int>()
        let subscription = source.subscribe(on: fixture.scheduler).subscribe(log)
        await fixture.drain()
        #expect(source.subscribedOn == [fixture.name])
        source.onNext(1)
        let release = DispatchSemaphore(value: 0)
        fixture.queue.async { release.wait() }
        subscription.dispose()
        // The disposal waits for its turn on the queue.
        #expect(source.disposedOn.isEmpty)
        release.signal()
        await fixture.drain()
        #expect(source.disposedOn == [fixture.name])
        #expect(log.events == [.next(1)])
        // Events come from wherever the source sends them: here, the test's thread.
        #expect(log.queues == [nil])
    }

    @Test("on a serial dispatch scheduler a completion disposes the source on the queue")
    func serialQueueCompletion() async {
        let fixture = MarkedSerialScheduler("subscribe-on.completion")
        let source = ManualSource<Int>()
        let log = MarkedEventLog<Int>()
        _ = source.subscribe(on: fixture.scheduler).subscribe(log)
        await fixture.drain()
        source.on(.completed)
        await fixture.drain()
        #expect(log.events == [.completed])
        #expect(source.subscribedOn == [fixture.name])
        #expect(source.disposedOn == [fixture.name])
    }

    @Test("a synchronous source runs on the scheduler's queue")
    func synchronousSourceRunsOnQueue() async {
        let fixture = MarkedSerialScheduler("subscribe-on.sync")
        let done = Countdown()
        let log = MarkedEventLog<Int> { event in
            if event.isStopEvent { done.signal() }
        }
        _ = Observable.of(1, 2, 3).subscribe(on: fixture.scheduler).subscribe(log)
        #expect(await done.wait())
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        #expect(log.queues.allSatisfy { $0 == fixture.name })
        await fixture.drain()
    }
}
