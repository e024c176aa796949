import RxCore
import RxTest
import Testing

@Suite("map", .resourceBalanced)
struct MapTests {
    private static let range: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .completed(300),
    ]

    @Test("a source that never ends: nothing arrives, the subscription lasts until disposed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("an empty source completes")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        expectEvents(res.events, [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("each element is transformed at its time; completion passes through")
    func transforms() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        let res = scheduler.start { xs.map { $0 * 2 } }
        expectEvents(res.events, [.next(210, 0), .next(220, 2), .next(230, 4), .next(240, 8), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("the element type can change")
    func changesType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "adam"), .next(220, "daniel"), .next(230, "christian"), .completed(240)])
        let res = scheduler.start { xs.map { $0.count } }
        expectEvents(res.events, [.next(210, 4), .next(220, 6), .next(230, 9), .completed(240)])
    }

    @Test("an error from the source passes through")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 0), .next(220, 1), .error(300, testError)])
        let res = scheduler.start { xs.map { $0 * 2 } }
        expectEvents(res.events, [.next(210, 0), .next(220, 2), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("disposed early: the events stop and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        let res = scheduler.start(disposed: 235) { xs.map { $0 * 2 } }
        expectEvents(res.events, [.next(210, 0), .next(220, 2), .next(230, 4)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }

    @Test("a throwing transform sends its error and unsubscribes from the source")
    func throwingTransform() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        var calls: [Int] = []
        let res = scheduler.start {
            xs.map { element -> Int in
                calls.append(element)
                if element == 2 { throw testError }
                return element * 2
            }
        }
        expectEvents(res.events, [.next(210, 0), .next(220, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(calls == [0, 1, 2])
    }

    @Test("chained maps apply in order, each subscription independently")
    func chained() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let doubledPlusOne = xs.map { $0 * 2 }.map { $0 + 1 }.map { "\($0)" }
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(100) { _ = doubledPlusOne.subscribe(first) }
        scheduler.scheduleAt(200) { _ = doubledPlusOne.subscribe(second) }
        scheduler.start()
        expectEvents(first.events, [.next(110, "3"), .next(120, "5"), .completed(130)])
        expectEvents(second.events, [.next(210, "3"), .next(220, "5"), .completed(230)])
        #expect(xs.subscriptions == [Subscription(100, 130), Subscription(200, 230)])
    }

    @Test("a synchronous source: elements, then completion, in order")
    func synchronous() {
        let events = synchronousEvents(Observable.of(1, 2, 3).map { $0 * 10 })
        #expect(events == [.next(10), .next(20), .next(30), .completed])
    }
}
