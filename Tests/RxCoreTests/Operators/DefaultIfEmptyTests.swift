import RxCore
import RxTest
import Testing

@Suite("ifEmpty(default:)", .resourceBalanced)
struct DefaultIfEmptyTests {
    @Test("an empty source sends the default, then completes")
    func emptySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 7), .completed(201, Int.self)])
        let res = scheduler.start { xs.ifEmpty(default: 1) }
        #expect(res.events == [.next(201, 1), .completed(201)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test("a source with elements passes through unchanged")
    func sourceEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        let res = scheduler.start { xs.ifEmpty(default: 99) }
        #expect(res.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        #expect(xs.subscriptions == [Subscription(200, 204)])
    }

    @Test("an error from an empty source goes downstream without the default")
    func sourceErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(201, testError, Int.self)])
        let res = scheduler.start { xs.ifEmpty(default: 1) }
        #expect(res.events == [.error(201, testError)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test("a source that never ends sends nothing")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.ifEmpty(default: 1) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposing early unsubscribes the source; its later completion sends nothing")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        let res = scheduler.start(disposed: 250) { xs.ifEmpty(default: 1) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a cold empty source: the default is sent at the completion time of each subscription")
    func coldSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.completed(30, String.self)])
        let res = scheduler.start { xs.ifEmpty(default: "none") }
        #expect(res.events == [.next(230, "none"), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}
