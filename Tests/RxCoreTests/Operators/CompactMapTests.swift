import RxCore
import RxTest
import Testing

@Suite("compactMap", .resourceBalanced)
struct CompactMapTests {
    private static let strings: [Recorded<Event<String>>] = [
        .next(150, "0"), .next(210, "1"), .next(220, "two"), .next(230, "3"), .next(240, ""), .next(250, "5"),
        .completed(300),
    ]

    @Test("non-nil results are sent at their time, nil results dropped")
    func dropsNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.strings)
        let res = scheduler.start { xs.compactMap { Int($0) } }
        expectEvents(res.events, [.next(210, 1), .next(230, 3), .next(250, 5), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("everything dropped: only the completion arrives")
    func allDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.strings)
        let res = scheduler.start { xs.compactMap { _ -> Int? in nil } }
        expectEvents(res.events, [.completed(300)])
    }

    @Test("an error from the source passes through")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .error(230, testError)])
        let res = scheduler.start { xs.compactMap { Int($0) } }
        expectEvents(res.events, [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a throwing transform sends its error and unsubscribes from the source")
    func throwingTransform() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.strings)
        let res = scheduler.start {
            xs.compactMap { text -> Int? in
                if text == "3" { throw testError }
                return Int(text)
            }
        }
        expectEvents(res.events, [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposed early: the events stop and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.strings)
        let res = scheduler.start(disposed: 235) { xs.compactMap { Int($0) } }
        expectEvents(res.events, [.next(210, 1), .next(230, 3)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }
}
