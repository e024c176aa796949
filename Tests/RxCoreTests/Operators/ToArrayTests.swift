import RxCore
import RxTest
import Testing

@Suite("toArray", .resourceBalanced)
struct ToArrayTests {
    @Test("the elements arrive as one array at the completion time")
    func collects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
        ])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.next(250, [2, 3, 4]), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an empty source succeeds with an empty array")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.next(250, []), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an error fails the single and drops what was collected")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, testError)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a source that never ends: nothing arrives until disposed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposed early: nothing arrives and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.toArray() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("each subscription collects its own array")
    func separateSubscriptions() {
        let source = Observable.of("A", "B", "C").toArray()
        var results: [[String]] = []
        _ = source.subscribe(onSuccess: { results.append($0) })
        _ = source.subscribe(onSuccess: { results.append($0) })
        #expect(results == [["A", "B", "C"], ["A", "B", "C"]])
    }
}
