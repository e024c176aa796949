import RxCore
import RxTest
import Testing

@Suite("concatMap", .resourceBalanced)
struct ConcatMapTests {
    /// Three cold inner sequences, one per source element 1, 2 and 3.
    private static func inners(_ scheduler: TestScheduler) -> [Int: TestableObservable<Int>] {
        [
            1: scheduler.createColdObservable([.next(10, 11), .next(20, 12), .completed(30)]),
            2: scheduler.createColdObservable([.next(5, 21), .completed(10)]),
            3: scheduler.createColdObservable([.next(10, 31), .completed(20)]),
        ]
    }

    @Test("one inner sequence at a time, queued in arrival order; selector called on arrival")
    func concatenates() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = Self.inners(scheduler)
        let xs = scheduler.createHotObservable([.next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        var selectedAt: [String] = []
        let res = scheduler.start {
            xs.concatMap { element -> TestableObservable<Int> in
                selectedAt.append("\(element)@\(scheduler.clock)")
                return inners[element] ?? scheduler.createColdObservable([])
            }
        }
        expectEvents(res.events, [.next(220, 11), .next(230, 12), .next(245, 21), .next(260, 31), .completed(270)])
        #expect(selectedAt == ["1@210", "2@220", "3@230"])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(inners[1]?.subscriptions == [Subscription(210, 240)])
        #expect(inners[2]?.subscriptions == [Subscription(240, 250)])
        #expect(inners[3]?.subscriptions == [Subscription(250, 270)])
    }

    @Test("an inner sequence that starts after the previous one finished runs at once")
    func idleThenNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = Self.inners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(300, 3), .completed(400)])
        let res = scheduler.start { xs.concatMap { inners[$0] ?? scheduler.createColdObservable([]) } }
        expectEvents(res.events, [.next(215, 21), .next(310, 31), .completed(400)])
        #expect(inners[2]?.subscriptions == [Subscription(210, 220)])
        #expect(inners[3]?.subscriptions == [Subscription(300, 320)])
    }

    @Test("an error from the source ends the active inner sequence and drops the queue")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = Self.inners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(235, testError)])
        let res = scheduler.start { xs.concatMap { inners[$0] ?? scheduler.createColdObservable([]) } }
        expectEvents(res.events, [.next(220, 11), .next(230, 12), .error(235, testError)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
        #expect(inners[1]?.subscriptions == [Subscription(210, 235)])
        #expect(inners[2]?.subscriptions == [])
    }

    @Test("an error from an inner sequence ends everything and drops the queue")
    func innerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.next(10, 11), .error(20, testError)])
        let queued = scheduler.createColdObservable([.next(5, 21), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
        let res = scheduler.start { xs.concatMap { $0 == 1 ? failing : queued } }
        expectEvents(res.events, [.next(220, 11), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(failing.subscriptions == [Subscription(210, 230)])
        #expect(queued.subscriptions == [])
    }

    @Test("a throwing selector sends its error at once, even with an inner sequence active")
    func throwingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = Self.inners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.concatMap { element -> TestableObservable<Int> in
                if element == 2 { throw testError }
                return inners[element] ?? scheduler.createColdObservable([])
            }
        }
        expectEvents(res.events, [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(inners[1]?.subscriptions == [Subscription(210, 220)])
    }

    @Test("disposed early: the source and the active inner sequence are unsubscribed, queued ones never start")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = Self.inners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start(disposed: 225) { xs.concatMap { inners[$0] ?? scheduler.createColdObservable([]) } }
        expectEvents(res.events, [.next(220, 11)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(inners[1]?.subscriptions == [Subscription(210, 225)])
        #expect(inners[2]?.subscriptions == [])
        #expect(inners[3]?.subscriptions == [])
    }

    @Test("each inner subscription is disposed when that inner sequence completes, before the next starts")
    func releasesCompletedInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = UnreleasedColdObservable(scheduler: scheduler, events: [.next(10, 11), .completed(40)])
        let inner2 = UnreleasedColdObservable(scheduler: scheduler, events: [.next(5, 21), .completed(50)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.concatMap { $0 == 1 ? inner1 : inner2 } }
        expectEvents(res.events, [.next(220, 11), .next(255, 21)])
        #expect(inner1.subscriptions == [Subscription(210, 250)])
        #expect(inner2.subscriptions == [Subscription(250, 300)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("many synchronous inner sequences keep their order")
    func synchronousOrder() {
        let events = synchronousEvents(Observable.from(Array(1...100)).concatMap { Observable.of($0, -$0) })
        let expected = (1...100).flatMap { [Event<Int>.next($0), .next(-$0)] } + [.completed]
        #expect(events == expected)
    }
}
