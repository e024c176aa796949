import RxCore
import RxTest
import Testing

@Suite("materialize", .resourceBalanced)
struct MaterializeTests {
    @Test("elements and the completion become elements, then the result completes")
    func completion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.materialize() }
        expectEvents(
            res.events,
            [
                .next(210, Event.next(2)), .next(220, Event.next(3)), .next(250, Event.completed), .completed(250),
            ])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an error becomes an element; the result itself completes")
    func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, testError)])
        let res = scheduler.start { xs.materialize() }
        expectEvents(res.events, [.next(210, Event.next(2)), .next(250, Event.error(testError)), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a source that never ends: only its elements")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let res = scheduler.start { xs.materialize() }
        expectEvents(res.events, [.next(210, Event.next(2))])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposed early: the events stop and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start(disposed: 215) { xs.materialize() }
        expectEvents(res.events, [.next(210, Event.next(2))])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }
}

@Suite("dematerialize", .resourceBalanced)
struct DematerializeTests {
    @Test("next elements are unwrapped; a completed element ends the result and the source subscription")
    func completedElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, Event.next(41)), .next(210, Event.next(42)), .next(215, Event.next(43)),
            .next(220, Event<Int>.completed), .next(230, Event.next(44)), .completed(250),
        ])
        let res = scheduler.start { xs.dematerialize() }
        expectEvents(res.events, [.next(210, 42), .next(215, 43), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error element becomes the error of the result")
    func errorElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(42)), .next(220, Event<Int>.error(testError)), .completed(250)])
        let res = scheduler.start { xs.dematerialize() }
        expectEvents(res.events, [.next(210, 42), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("the source's own completion is forwarded")
    func sourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .completed(230)])
        let res = scheduler.start { xs.dematerialize() }
        expectEvents(res.events, [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("the source's own error is forwarded")
    func sourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .error(240, testError)])
        let res = scheduler.start { xs.dematerialize() }
        expectEvents(res.events, [.next(210, 1), .error(240, testError)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("materialize then dematerialize gives back the original sequence")
    func roundTrip() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, testError)])
        let res = scheduler.start { xs.materialize().dematerialize() }
        expectEvents(res.events, [.next(210, 1), .next(220, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposed early: the events stop and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(220, Event.next(2)), .completed(250)])
        let res = scheduler.start(disposed: 215) { xs.dematerialize() }
        expectEvents(res.events, [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }
}
