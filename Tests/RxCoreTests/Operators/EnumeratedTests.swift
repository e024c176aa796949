import RxCore
import RxTest
import Testing

@Suite("enumerated", .resourceBalanced)
struct EnumeratedTests {
    /// The `(index, element)` pairs as `"index element"`, since tuples are not `Equatable`.
    private static func described(_ events: [Recorded<Event<(index: Int, element: String)>>]) -> [Recorded<Event<String>>] {
        events.map { Recorded(time: $0.time, value: $0.value.map { "\($0.index) \($0.element)" }) }
    }

    @Test("each element is paired with its index, starting at zero")
    func pairs() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "z"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(240),
        ])
        let res = scheduler.start { xs.enumerated() }
        expectEvents(Self.described(res.events), [.next(210, "0 a"), .next(220, "1 b"), .next(230, "2 c"), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("each subscription counts from zero")
    func countsPerSubscription() {
        let source = Observable.of("a", "b").enumerated().map { "\($0.index) \($0.element)" }
        #expect(synchronousEvents(source) == [.next("0 a"), .next("1 b"), .completed])
        #expect(synchronousEvents(source) == [.next("0 a"), .next("1 b"), .completed])
    }

    @Test("an error from the source passes through")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, testError)])
        let res = scheduler.start { xs.enumerated() }
        expectEvents(Self.described(res.events), [.next(210, "0 a"), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposed early: the events stop and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(240)])
        let res = scheduler.start(disposed: 225) { xs.enumerated() }
        expectEvents(Self.described(res.events), [.next(210, "0 a"), .next(220, "1 b")])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }
}
