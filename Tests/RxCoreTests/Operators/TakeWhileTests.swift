import RxCore
import RxTest
import Testing

@Suite("take(while:behavior:) and take(until: predicate)", .resourceBalanced)
struct TakeWhileTests {
    private static func isPrime(_ value: Int) -> Bool {
        guard value >= 2 else { return false }
        var divisor = 2
        while divisor * divisor <= value {
            if value % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }

    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(90, -1), .next(110, -1), .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3),
            .next(350, 7), .next(390, 4), .next(410, 17), .next(450, 8), .completed(600),
        ])
    }

    @Test("passes elements while the predicate holds and completes at the first that fails it")
    func exclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var invoked = 0
        let res = scheduler.start { () -> Observable<Int> in
            xs.take(while: { value in
                invoked += 1
                return Self.isPrime(value)
            })
        }
        #expect(
            res.events == [
                .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .completed(390),
            ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
        #expect(invoked == 6)
    }

    @Test("inclusive also sends the element that fails the predicate")
    func inclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(while: { Self.isPrime($0) }, behavior: .inclusive) }
        #expect(
            res.events == [
                .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .next(390, 4),
                .completed(390),
            ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
    }

    @Test("a source that completes first passes its completion")
    func completesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 5), .completed(330), .next(350, 4)])
        let res = scheduler.start { xs.take(while: { Self.isPrime($0) }) }
        #expect(res.events == [.next(210, 2), .next(260, 5), .completed(330)])
        #expect(xs.subscriptions == [Subscription(200, 330)])
    }

    @Test("a first element that fails completes at once")
    func failsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 4), .next(220, 5), .completed(330)])
        let exclusive = scheduler.start { xs.take(while: { Self.isPrime($0) }) }
        #expect(exclusive.events == [.completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test("an error is passed on")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(270, testError), .next(290, 4)])
        let res = scheduler.start { xs.take(while: { Self.isPrime($0) }) }
        #expect(res.events == [.next(210, 2), .error(270, testError)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @Test("a throwing predicate sends its error and unsubscribes")
    func predicateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var invoked = 0
        let res = scheduler.start { () -> Observable<Int> in
            xs.take(
                while: { value in
                    invoked += 1
                    if invoked == 3 { throw FilteringSupport.predicateError }
                    return Self.isPrime(value)
                }, behavior: .inclusive)
        }
        #expect(res.events == [.next(210, 2), .next(260, 5), .error(290, FilteringSupport.predicateError)])
        #expect(xs.subscriptions == [Subscription(200, 290)])
    }

    @Test("disposing early stops the elements and unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 300) { xs.take(while: { Self.isPrime($0) }) }
        #expect(res.events == [.next(210, 2), .next(260, 5), .next(290, 13)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("take(until:) stops at the first element that satisfies the predicate, excluded by default")
    func untilExclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(until: { $0 > 10 }) }
        #expect(res.events == [.next(210, 2), .next(260, 5), .completed(290)])
        #expect(xs.subscriptions == [Subscription(200, 290)])
    }

    @Test("take(until:behavior: .inclusive) sends the element that satisfies the predicate")
    func untilInclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(until: { $0 > 10 }, behavior: .inclusive) }
        #expect(res.events == [.next(210, 2), .next(260, 5), .next(290, 13), .completed(290)])
        #expect(xs.subscriptions == [Subscription(200, 290)])
    }

    @Test("take(until:) with a throwing predicate sends the error")
    func untilThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { () -> Observable<Int> in
            xs.take(until: { value in
                if value == 5 { throw FilteringSupport.predicateError }
                return false
            })
        }
        #expect(res.events == [.next(210, 2), .error(260, FilteringSupport.predicateError)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("the deprecated takeWhile and takeUntil(_:predicate:) are the same operators")
    @available(*, deprecated, message: "exercises takeWhile(_:) and takeUntil(_:predicate:)")
    func deprecatedSpellings() {
        let values = Observable.of(2, 4, 5, 6)
        #expect(synchronousEvents(values.takeWhile { $0.isMultiple(of: 2) }) == [.next(2), .next(4), .completed])
        #expect(
            synchronousEvents(values.takeUntil(.inclusive) { $0 == 5 })
                == [.next(2), .next(4), .next(5), .completed])
        #expect(synchronousEvents(values.takeUntil(.exclusive) { $0 == 5 }) == [.next(2), .next(4), .completed])
    }

    @Test("TakeBehavior has two distinct cases")
    func behaviors() {
        #expect(TakeBehavior.inclusive != TakeBehavior.exclusive)
    }
}
