import RxCore
import RxTest
import Testing

@Suite("scan", .resourceBalanced)
struct ScanTests {
    private static let numbers: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ]

    @Test("scan(_:accumulator:) sends every intermediate sum")
    func sums() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.scan(42) { $0 + $1 } }
        expectEvents(res.events, [.next(210, 44), .next(220, 47), .next(230, 51), .next(240, 56), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("scan(into:accumulator:) mutates the accumulated value in place")
    func into() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { xs.scan(into: [Int]()) { all, element in all.append(element) } }
        expectEvents(
            res.events,
            [
                .next(210, [2]), .next(220, [2, 3]), .next(230, [2, 3, 4]), .next(240, [2, 3, 4, 5]), .completed(250),
            ])
    }

    @Test("each subscription starts again from the seed")
    func seedPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let running = xs.scan(into: 0) { $0 += $1 }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(100) { _ = running.subscribe(first) }
        scheduler.scheduleAt(115) { _ = running.subscribe(second) }
        scheduler.start()
        expectEvents(first.events, [.next(110, 1), .next(120, 3), .completed(130)])
        expectEvents(second.events, [.next(125, 1), .next(135, 3), .completed(145)])
    }

    @Test("an empty source completes without sending the seed")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.scan(42) { $0 + $1 } }
        expectEvents(res.events, [.completed(250)])
    }

    @Test("an error from the source passes through")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, testError)])
        let res = scheduler.start { xs.scan(42) { $0 + $1 } }
        expectEvents(res.events, [.next(210, 44), .next(220, 47), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a throwing accumulator sends its error and unsubscribes from the source")
    func throwingAccumulator() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start {
            xs.scan(into: 42) { sum, element in
                if element == 4 { throw testError }
                sum += element
            }
        }
        expectEvents(res.events, [.next(210, 44), .next(220, 47), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposed early: the events stop and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start(disposed: 225) { xs.scan(42) { $0 + $1 } }
        expectEvents(res.events, [.next(210, 44), .next(220, 47)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }
}
