import RxCore
import RxTest
import Testing

/// Three cold inner sequences, one per source element 1, 2 and 3.
private struct FlatMapLatestFixture {
    let scheduler = TestScheduler(initialClock: 0)
    let inners: [Int: TestableObservable<Int>]

    init(inner2Events: [Recorded<Event<Int>>] = [.next(5, 21), .next(50, 22), .completed(60)]) {
        inners = [
            1: scheduler.createColdObservable([.next(10, 11), .next(30, 12), .completed(40)]),
            2: scheduler.createColdObservable(inner2Events),
            3: scheduler.createColdObservable([.next(10, 31), .completed(100)]),
        ]
    }

    func inner(for element: Int) -> TestableObservable<Int> {
        inners[element] ?? scheduler.createColdObservable([])
    }

    func subscriptions(of element: Int) -> [Subscription] {
        inners[element]?.subscriptions ?? []
    }
}

@Suite("flatMapLatest", .resourceBalanced)
struct FlatMapLatestTests {
    @Test("each element cancels the previous inner sequence; completes after the source and the latest inner")
    func switchesToLatest() {
        let fixture = FlatMapLatestFixture()
        let xs = fixture.scheduler.createHotObservable([.next(150, 9), .next(210, 1), .next(230, 2), .next(300, 3), .completed(320)])
        let res = fixture.scheduler.start { xs.flatMapLatest { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(235, 21), .next(280, 22), .next(310, 31), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 320)])
        // Inner 1 is cancelled at 230, before its 12 due at 240; inners 2 and 3 end on completion.
        #expect(fixture.subscriptions(of: 1) == [Subscription(210, 230)])
        #expect(fixture.subscriptions(of: 2) == [Subscription(230, 290)])
        #expect(fixture.subscriptions(of: 3) == [Subscription(300, 400)])
    }

    @Test("the source completing with no inner running completes at once")
    func completesWhenNoInnerIsActive() {
        let fixture = FlatMapLatestFixture()
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .completed(260)])
        let res = fixture.scheduler.start { xs.flatMapLatest { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(240, 12), .completed(260)])
        #expect(fixture.subscriptions(of: 1) == [Subscription(210, 250)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("an error from the source ends the current inner sequence")
    func sourceError() {
        let fixture = FlatMapLatestFixture()
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(230, 2), .error(250, testError)])
        let res = fixture.scheduler.start { xs.flatMapLatest { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(235, 21), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(fixture.subscriptions(of: 1) == [Subscription(210, 230)])
        #expect(fixture.subscriptions(of: 2) == [Subscription(230, 250)])
    }

    @Test("an error from the latest inner sequence ends everything")
    func innerError() {
        let fixture = FlatMapLatestFixture(inner2Events: [.next(5, 21), .error(15, testError)])
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(300, 3), .completed(320)])
        let res = fixture.scheduler.start { xs.flatMapLatest { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(235, 21), .error(245, testError)])
        #expect(xs.subscriptions == [Subscription(200, 245)])
        #expect(fixture.subscriptions(of: 2) == [Subscription(230, 245)])
        #expect(fixture.subscriptions(of: 3) == [])
    }

    @Test("an error of a cancelled inner sequence is never seen")
    func cancelledInnerErrorIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([.next(5, 1), .error(20, testError)])
        let fine = scheduler.createColdObservable([.next(30, 2), .completed(40)])
        let xs = scheduler.createHotObservable([.next(210, "failing"), .next(220, "fine"), .completed(230)])
        let res = scheduler.start { xs.flatMapLatest { $0 == "failing" ? failing : fine } }
        expectEvents(res.events, [.next(215, 1), .next(250, 2), .completed(260)])
        #expect(failing.subscriptions == [Subscription(210, 220)])
        #expect(fine.subscriptions == [Subscription(220, 260)])
    }

    @Test("a throwing selector sends its error and releases the source and the current inner")
    func throwingSelector() {
        let fixture = FlatMapLatestFixture()
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(320)])
        let res = fixture.scheduler.start {
            xs.flatMapLatest { element -> TestableObservable<Int> in
                if element == 2 { throw testError }
                return fixture.inner(for: element)
            }
        }
        expectEvents(res.events, [.next(220, 11), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(fixture.subscriptions(of: 1) == [Subscription(210, 230)])
        #expect(fixture.subscriptions(of: 2) == [])
    }

    @Test("disposed early: the source and the current inner sequence are unsubscribed")
    func disposedEarly() {
        let fixture = FlatMapLatestFixture()
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(300, 3), .completed(320)])
        let res = fixture.scheduler.start(disposed: 250) { xs.flatMapLatest { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(235, 21)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(fixture.subscriptions(of: 1) == [Subscription(210, 230)])
        #expect(fixture.subscriptions(of: 2) == [Subscription(230, 250)])
    }

    @Test("the inner subscription is disposed as soon as that inner sequence completes")
    func releasesCompletedInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = UnreleasedColdObservable(scheduler: scheduler, events: [.next(10, 11), .completed(40)])
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.flatMapLatest { _ in inner } }
        expectEvents(res.events, [.next(220, 11)])
        #expect(inner.subscriptions == [Subscription(210, 250)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("trampolined synchronous sources: the next element cancels the inner sequence's pending elements")
    func synchronousInners() {
        // `of` sends one element per trampoline step, so the source's 2 comes before the first
        // inner sequence's 10, and switching cancels that 10.
        let events = synchronousEvents(Observable.of(1, 2).flatMapLatest { Observable.of($0, $0 * 10) })
        #expect(events == [.next(1), .next(2), .next(20), .completed])
    }
}
