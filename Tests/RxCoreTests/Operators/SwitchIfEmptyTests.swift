import RxCore
import RxTest
import Testing

@Suite("ifEmpty(switchTo:)", .resourceBalanced)
struct SwitchIfEmptyTests {
    private func switchSource(_ scheduler: TestScheduler, failing: Bool = false) -> TestableObservable<Int> {
        scheduler.createColdObservable([
            .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3),
            failing ? .error(50, testError) : .completed(50),
        ])
    }

    @Test("a source with elements completes as it is; the other sequence is never subscribed")
    func sourceNotEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .completed(210)])
        let ys = switchSource(scheduler)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(205, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [])
    }

    @Test("an error after elements goes downstream; the other sequence is never subscribed")
    func sourceNotEmptyError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .error(210, testError)])
        let ys = switchSource(scheduler)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(205, 1), .error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [])
    }

    @Test("an error from an empty source goes downstream; the other sequence is never subscribed")
    func sourceEmptyError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(210, testError, Int.self)])
        let ys = switchSource(scheduler)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [])
    }

    @Test("an empty source switches to the other sequence at its completion")
    func sourceEmptySwitchCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let ys = switchSource(scheduler)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .next(230, 1), .next(240, 2), .next(250, 3), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 260)])
    }

    @Test("the other sequence's error goes downstream")
    func sourceEmptySwitchFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let ys = switchSource(scheduler, failing: true)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .next(230, 1), .next(240, 2), .next(250, 3), .error(260, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 260)])
    }

    @Test("a source that never ends keeps the result silent")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(0, 0)])
        let ys = switchSource(scheduler)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [])
    }

    @Test("disposing early unsubscribes the source, or the other sequence once switched")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let ys = switchSource(scheduler)
        let res = scheduler.start(disposed: 235) { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .next(230, 1)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 235)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.completed(210, Int.self)])
        let ys2 = switchSource(scheduler2)
        let res2 = scheduler2.start(disposed: 205) { xs2.ifEmpty(switchTo: ys2.asObservable()) }
        #expect(res2.events == [])
        #expect(xs2.subscriptions == [Subscription(200, 205)])
        #expect(ys2.subscriptions == [])
    }

    @Test("synchronous sources release everything")
    func synchronous() {
        #expect(synchronousEvents(Observable<Int>.empty().ifEmpty(switchTo: .just(1))) == [.next(1), .completed])
        #expect(synchronousEvents(Observable.just(2).ifEmpty(switchTo: .just(1))) == [.next(2), .completed])
        #expect(synchronousEvents(Observable<Int>.error(testError).ifEmpty(switchTo: .just(1))) == [.error(testError)])
        #expect(synchronousEvents(Observable<Int>.empty().ifEmpty(switchTo: .error(testError))) == [.error(testError)])
    }
}
