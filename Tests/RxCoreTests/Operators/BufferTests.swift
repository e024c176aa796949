import RxCore
import RxTest
import Testing

@Suite("buffer(timeSpan:count:scheduler:)", .resourceBalanced)
struct BufferTests {
    private static let numbers: [Recorded<Event<Int>>] = [
        .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
        .next(420, 8), .next(470, 9), .completed(600),
    ]

    @Test("arrays close when full or when the time span passes; a tick with nothing sends an empty array")
    func countOrTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        expectEvents(
            res.events,
            [
                .next(240, [1, 2, 3]),  // full; the timer restarts
                .next(310, [4]),  // 70 after 240
                .next(370, [5, 6, 7]),  // full before the tick due at 380
                .next(440, [8]),
                .next(510, [9]),
                .next(580, []),  // a tick with nothing collected
                .next(600, []),  // the completion flushes what is collected, even nothing
                .completed(600),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test("the completion sends the partial array")
    func completionFlushes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }
        expectEvents(res.events, [.next(230, [1, 2]), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("an error drops the collected elements and stops the timer")
    func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .error(330, testError),
        ])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        expectEvents(res.events, [.next(240, [1, 2, 3]), .next(310, [4]), .error(330, testError)])
        #expect(xs.subscriptions == [Subscription(200, 330)])
    }

    @Test("disposed early: the arrays stop, the timer and the source are released")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start(disposed: 375) { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        expectEvents(res.events, [.next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7])])
        #expect(xs.subscriptions == [Subscription(200, 375)])
    }

    @Test("count only: with a long time span, arrays close when full")
    func countOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(10_000), count: 2, scheduler: scheduler) }
        expectEvents(
            res.events,
            [
                .next(210, [1, 2]), .next(280, [3, 4]), .next(350, [5, 6]), .next(420, [7, 8]), .next(600, [9]), .completed(600),
            ])
    }

    @Test("time only: with a large count, arrays close on every tick")
    func timeOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 100, scheduler: scheduler) }
        // At 600 the completion (scheduled first) flushes the empty array and cancels the tick.
        expectEvents(
            res.events,
            [
                .next(300, [1, 2, 3, 4]), .next(400, [5, 6, 7]), .next(500, [8, 9]), .next(600, []), .completed(600),
            ])
    }
}
