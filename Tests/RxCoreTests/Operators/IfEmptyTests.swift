import RxCore
import RxTest
import Testing

@Suite("ifEmpty(default:)", .resourceBalanced)
struct IfEmptyDefaultTests {
    @Test("an empty source: the default, then the completion, at the completion time")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(201, Int.self)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events == [.next(201, 11), .completed(201)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test("a source with elements passes unchanged")
    func withElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        #expect(xs.subscriptions == [Subscription(200, 204)])
    }

    @Test("an error passes without the default")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(201, testError, Int.self)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events == [.error(201, testError)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test("a silent source: nothing until disposed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(0, 0)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposed early: the default is not sent")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        let res = scheduler.start(disposed: 250) { xs.ifEmpty(default: 11) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}

@Suite("ifEmpty(switchTo:)", .resourceBalanced)
struct IfEmptySwitchTests {
    private static let switchEvents: [Recorded<Event<Int>>] = [
        .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .completed(50),
    ]

    @Test("a source with elements: the other sequence is never subscribed")
    func notEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .completed(210)])
        let ys = scheduler.createColdObservable(Self.switchEvents)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(205, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions.isEmpty)
    }

    @Test("an error, after elements or not, passes without switching")
    func sourceErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .error(210, testError)])
        let ys = scheduler.createColdObservable(Self.switchEvents)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(205, 1), .error(210, testError)])
        #expect(ys.subscriptions.isEmpty)

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.error(210, testError, Int.self)])
        let ys2 = scheduler2.createColdObservable(Self.switchEvents)
        let res2 = scheduler2.start { xs2.ifEmpty(switchTo: ys2.asObservable()) }
        #expect(res2.events == [.error(210, testError)])
        #expect(xs2.subscriptions == [Subscription(200, 210)])
        #expect(ys2.subscriptions.isEmpty)
    }

    @Test("an empty source: the other sequence runs from the completion time to its end")
    func emptySwitches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let ys = scheduler.createColdObservable(Self.switchEvents)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .next(230, 1), .next(240, 2), .next(250, 3), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 260)])
    }

    @Test("an empty source, then an error from the other sequence")
    func switchErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let ys = scheduler.createColdObservable([.next(10, 0), .error(50, testError)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .error(260, testError)])
        #expect(ys.subscriptions == [Subscription(210, 260)])
    }

    @Test("a silent source: nothing until disposed, the other sequence never subscribed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(0, 0)])
        let ys = scheduler.createColdObservable(Self.switchEvents)
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions.isEmpty)
    }

    @Test("disposed while the other sequence runs: it is unsubscribed")
    func disposedDuringSwitch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let ys = scheduler.createColdObservable(Self.switchEvents)
        let res = scheduler.start(disposed: 235) { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .next(230, 1)])
        #expect(ys.subscriptions == [Subscription(210, 235)])
    }
}
