import RxCore
import RxTest
import Testing

@Suite("single() and single(_:) on Observable", .resourceBalanced)
struct SingleElementTests {
    @Test("one element is sent at once and the completion follows the source's")
    func one() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("no element fails with noElements at the completion")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.error(250, RxError.noElements)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a second element fails with moreThanOneElement and unsubscribes")
    func many() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2), .error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error is passed on")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test("a source that never ends keeps the element without completing")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("with a predicate, only matching elements count")
    func predicateOneMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        var invoked = 0
        let res = scheduler.start { () -> Observable<Int> in
            xs.single { value in
                invoked += 1
                return value == 4
            }
        }
        #expect(res.events == [.next(230, 4), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(invoked == 4)
    }

    @Test("with a predicate, a second match fails with moreThanOneElement")
    func predicateTwoMatches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let res = scheduler.start { xs.single { $0.isMultiple(of: 2) } }
        #expect(res.events == [.next(210, 2), .error(230, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("with a predicate, no match fails with noElements")
    func predicateNoMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.single { $0 > 10 } }
        #expect(res.events == [.error(250, RxError.noElements)])
    }

    @Test("a throwing predicate sends its error and unsubscribes")
    func predicateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let res = scheduler.start { () -> Observable<Int> in
            xs.single { value in
                if value == 3 { throw FilteringSupport.predicateError }
                return false
            }
        }
        #expect(res.events == [.error(220, FilteringSupport.predicateError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing early unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start(disposed: 215) { xs.single() }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test("synchronous sources")
    func synchronous() {
        #expect(synchronousEvents(Observable.just(1).single()) == [.next(1), .completed])
        #expect(synchronousEvents(Observable<Int>.empty().single()) == [.error(RxError.noElements)])
        #expect(synchronousEvents(Observable.of(1, 2).single()) == [.next(1), .error(RxError.moreThanOneElement)])
    }
}
