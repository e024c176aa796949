import RxCore
import RxTest
import Testing

@Suite("reduce", .resourceBalanced)
struct ReduceTests {
    private static let numbers: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
    ]

    @Test("the accumulated value arrives with the source's completion")
    func accumulates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        expectEvents(res.events, [.next(260, 52), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("mapResult transforms the final value")
    func mapsResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { "sum \($0)" }) }
        expectEvents(res.events, [.next(260, "sum 52"), .completed(260)])
    }

    @Test("an empty source produces the seed")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        expectEvents(res.events, [.next(250, 42), .completed(250)])
    }

    @Test("a source that never completes produces nothing")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("an error from the source passes through, without a result")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .error(230, testError)])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        expectEvents(res.events, [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a throwing accumulator sends its error at once and unsubscribes from the source")
    func throwingAccumulator() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start {
            xs.reduce(42) { sum, element -> Int in
                if element == 2 { throw testError }
                return sum + element
            }
        }
        expectEvents(res.events, [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a throwing mapResult sends its error at completion")
    func throwingMapResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { _ -> Int in throw testError }) }
        expectEvents(res.events, [.error(260, testError)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("disposed early: nothing arrives and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start(disposed: 245) { xs.reduce(42, accumulator: +) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 245)])
    }
}
