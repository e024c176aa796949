import Dispatch
import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite("observe(on:)", .resourceBalanced, .offPool)
struct ObserveOnTests {
    // MARK: The general path, on virtual time

    // A testable observable is subscribed through `asObservable()`, whose wrapper ends the
    // source subscription at the source's stop event, as in RxSwift: the subscriptions below
    // end then, not when the stop event is delivered a tick later.

    @Test("on a test scheduler each event arrives one tick later")
    func virtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 2), .next(221, 3), .completed(231)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("on a test scheduler a source that never ends stays subscribed until disposed")
    func virtualTimeNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 2)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("events sent at the same time are delivered one per step, in order")
    func virtualTimeBurst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .next(10, 3), .completed(10)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test("an error is delivered in order after the elements")
    func virtualTimeError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 2), .error(221, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing drops the events still waiting and unsubscribes the source")
    func virtualTimeDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .next(10, 3), .next(20, 4)])
        let res = scheduler.start(disposed: 212) { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1)])
        #expect(xs.subscriptions == [Subscription(200, 212)])
    }

    @Test("the deprecated observeOn is observe(on:)")
    @available(*, deprecated)
    func deprecatedSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let res = scheduler.start { xs.observeOn(scheduler) }
        #expect(res.events == [.next(211, 2), .completed(231)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("releases everything after completing and after failing")
    func releasesResources() {
        let scheduler = TestScheduler(initialClock: 0)
        var events: [Event<Int>] = []
        _ = Observable.just(1).observe(on: scheduler).subscribe { events.append($0) }
        _ = Observable<Int>.error(testError).observe(on: scheduler).subscribe { events.append($0) }
        scheduler.start()
        #expect(events == [.next(1), .error(testError), .completed])
    }

    // MARK: The serial fast path, on a real queue

    @Test("on a serial scheduler the events arrive on its queue, in order")
    func serialQueueOrder() async {
        let fixture = MarkedSerialScheduler("observe-on.order")
        let source = ManualSource<Int>()
        let log = MarkedEventLog<Int>()
        let subscription = source.observe(on: fixture.scheduler).subscribe(log)
        for value in 0..<1000 {
            source.onNext(value)
        }
        source.on(.completed)
        await fixture.drain()
        #expect(log.events == (0..<1000).map { .next($0) } + [.completed])
        #expect(log.queues.allSatisfy { $0 == fixture.name })
        #expect(source.observerCount == 0)
        subscription.dispose()
    }

    @Test("on a serial scheduler an error arrives on its queue and unsubscribes the source")
    func serialQueueError() async {
        let fixture = MarkedSerialScheduler("observe-on.error")
        let source = ManualSource<Int>()
        let log = MarkedEventLog<Int>()
        _ = source.observe(on: fixture.scheduler).subscribe(log)
        let release = DispatchSemaphore(value: 0)
        fixture.queue.async { release.wait() }
        source.onNext(0)
        source.on(.error(testError))
        // Not delivered yet, so the source is still subscribed.
        #expect(source.observerCount == 1)
        release.signal()
        await fixture.drain()
        #expect(log.events == [.next(0), .error(testError)])
        #expect(log.queues == [fixture.name, fixture.name])
        #expect(source.observerCount == 0)
    }

    @Test("on a serial scheduler a burst is delivered by one drain, ahead of work queued during the burst")
    func serialQueueOneDrainPerBurst() async {
        let fixture = MarkedSerialScheduler("observe-on.burst")
        let source = ManualSource<Int>()
        let order = Journal()
        let subscription = source.observe(on: fixture.scheduler).subscribe(onNext: { order.record("\($0)") })
        // Hold the queue so that the whole burst is queued before anything runs.
        let release = DispatchSemaphore(value: 0)
        fixture.queue.async { release.wait() }
        source.onNext(1)
        source.onNext(2)
        fixture.queue.async { order.record("other work") }
        source.onNext(3)
        source.onNext(4)
        release.signal()
        await fixture.drain()
        // One drain, scheduled with the first element, delivers the elements queued after the
        // other work too; a hop per element would have put 3 and 4 behind it.
        #expect(order.entries == ["1", "2", "3", "4", "other work"])
        subscription.dispose()
    }

    @Test("disposing on the serial scheduler's queue stops delivery at once, even of queued events")
    func serialQueueDisposeGuarantee() async {
        let fixture = MarkedSerialScheduler("observe-on.dispose")
        let source = ManualSource<Int>()
        let log = MarkedEventLog<Int>()
        let subscription = SendableBox(source.observe(on: fixture.scheduler).subscribe(log))
        source.onNext(0)
        await fixture.drain()
        #expect(log.events == [.next(0)])
        await fixture.run {
            source.onNext(1)
            source.onNext(2)
            source.on(.completed)
            subscription.value.dispose()
        }
        await fixture.drain()
        #expect(log.events == [.next(0)])
        #expect(source.observerCount == 0)
    }

    @Test("events queued while the observer is busy are not delivered once it disposes on the queue")
    func serialQueueDisposeWithQueuedEvents() async {
        let fixture = MarkedSerialScheduler("observe-on.busy")
        let source = ManualSource<Int>()
        let busy = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let log = MarkedEventLog<Int> { event in
            if event == .next(0) {
                busy.signal()
                proceed.wait()
            }
        }
        let subscription = SendableBox(source.observe(on: fixture.scheduler).subscribe(log))
        source.onNext(0)
        await busy.waitOffPool()
        // The observer is handling 0 on the queue: these wait in the operator's queue.
        source.onNext(1)
        source.on(.error(testError))
        fixture.queue.async { subscription.value.dispose() }
        proceed.signal()
        await fixture.drain()
        #expect(log.events == [.next(0)])
        #expect(source.observerCount == 0)
    }

    @Test("an observer that disposes while handling an event receives nothing more of its batch")
    func serialQueueDisposeFromObserver() async {
        let fixture = MarkedSerialScheduler("observe-on.reentrant")
        let source = ManualSource<Int>()
        let slot = Locked<Disposable?>(nil)
        let log = MarkedEventLog<Int> { event in
            if event == .next(2) {
                slot.withLock { $0 }?.dispose()
            }
        }
        let release = DispatchSemaphore(value: 0)
        fixture.queue.async { release.wait() }
        slot.withLock { $0 = source.observe(on: fixture.scheduler).subscribe(log) }
        for value in 1...5 {
            source.onNext(value)
        }
        release.signal()
        await fixture.drain()
        #expect(log.events == [.next(1), .next(2)])
        #expect(source.observerCount == 0)
    }

    @Test("a subscription disposed from another thread before the drain runs receives nothing")
    func serialQueueDisposeBeforeDrain() async {
        let fixture = MarkedSerialScheduler("observe-on.cancelled")
        let source = ManualSource<Int>()
        let log = MarkedEventLog<Int>()
        let release = DispatchSemaphore(value: 0)
        fixture.queue.async { release.wait() }
        let subscription = source.observe(on: fixture.scheduler).subscribe(log)
        source.onNext(1)
        source.onNext(2)
        subscription.dispose()
        release.signal()
        await fixture.drain()
        #expect(log.events.isEmpty)
        #expect(source.observerCount == 0)
    }

    @Test("events emitted from the observer while it handles one are delivered after it, in order")
    func serialQueueReentrantEmission() async {
        let fixture = MarkedSerialScheduler("observe-on.feedback")
        let source = ManualSource<Int>()
        let reachedThree = Countdown()
        let depth = Gauge()
        let log = MarkedEventLog<Int> { event in
            depth.enter()
            if case .next(let value) = event, value < 3 {
                source.onNext(value + 1)
            }
            if event == .next(3) { reachedThree.signal() }
            depth.leave()
        }
        let subscription = source.observe(on: fixture.scheduler).subscribe(log)
        source.onNext(0)
        #expect(await reachedThree.wait())
        #expect(log.events == [.next(0), .next(1), .next(2), .next(3)])
        #expect(log.queues.allSatisfy { $0 == fixture.name })
        // Each new event came after the handler that emitted it had returned.
        #expect(depth.peak == 1)
        subscription.dispose()
        await fixture.drain()
    }

    @Test("events that arrive during a drain come after the work queued meanwhile")
    func serialQueueLaterBurstQueuesBehindOtherWork() async {
        let fixture = MarkedSerialScheduler("observe-on.fair")
        let source = ManualSource<Int>()
        let order = Journal()
        let busy = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let subscription = source.observe(on: fixture.scheduler).subscribe(onNext: { value in
            order.record("\(value)")
            if value == 0 {
                busy.signal()
                proceed.wait()
            }
        })
        source.onNext(0)
        await busy.waitOffPool()
        source.onNext(1)
        fixture.queue.async { order.record("other work") }
        source.onNext(2)
        proceed.signal()
        await fixture.drain()
        await fixture.drain()
        #expect(order.entries == ["0", "other work", "1", "2"])
        subscription.dispose()
    }

    // MARK: The general path, on real schedulers

    @Test("on a concurrent scheduler the events arrive one at a time, in order", arguments: [false, true])
    func concurrentSchedulerSerializes(useOperationQueue: Bool) async {
        let scheduler: ImmediateSchedulerType
        if useOperationQueue {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 8
            scheduler = OperationQueueScheduler(operationQueue: queue)
        } else {
            scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        }
        let source = ManualSource<Int>()
        let gauge = Gauge()
        let done = Countdown()
        let log = MarkedEventLog<Int> { event in
            if event.isStopEvent { done.signal() }
        }
        let observer = AnyObserver<Int> { event in
            gauge.enter()
            log.on(event)
            gauge.leave()
        }
        let subscription = source.observe(on: scheduler).subscribe(observer)
        for value in 0..<200 {
            source.onNext(value)
        }
        source.on(.completed)
        #expect(await done.wait())
        #expect(log.events == (0..<200).map { .next($0) } + [.completed])
        #expect(gauge.peak == 1)
        // The observer sees `completed` before the operator disposes its source subscription.
        #expect(await eventually { source.observerCount == 0 })
        subscription.dispose()
    }

    @Test("on a concurrent scheduler disposing stops the events and unsubscribes the source")
    func concurrentSchedulerDispose() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let source = ManualSource<Int>()
        let first = Countdown()
        let log = MarkedEventLog<Int> { _ in first.signal() }
        let subscription = source.observe(on: scheduler).subscribe(log)
        source.onNext(0)
        #expect(await first.wait())
        subscription.dispose()
        #expect(source.observerCount == 0)
        source.on(.error(testError))
        #expect(log.events == [.next(0)])
    }
}
