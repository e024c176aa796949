import RxCore
import RxTest
import Testing

@Suite("distinctUntilChanged", .resourceBalanced)
struct DistinctUntilChangedTests {
    private struct Point: Equatable {
        var x: Int
        var y: Int
    }

    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 3), .next(225, 2), .next(230, 2),
            .next(235, 4), .next(240, 4), .completed(250),
        ])
    }

    @Test("drops elements equal to the previous one")
    func equatable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 2), .next(215, 3), .next(225, 2), .next(235, 4), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a run of equal elements gives only the first")
    func allEqual() {
        #expect(synchronousEvents(Observable.of(7, 7, 7, 7).distinctUntilChanged()) == [.next(7), .completed])
    }

    @Test("with a key selector, elements whose key repeats are dropped")
    func keySelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.distinctUntilChanged { $0 % 2 } }
        #expect(res.events == [.next(210, 2), .next(215, 3), .next(225, 2), .completed(250)])
    }

    @Test("with a comparer, it receives the element last sent first, then the new one")
    func comparerOrder() {
        // "equal" when the new element is not larger than the last one sent: keeps a running maximum.
        let values = Observable.of(1, 3, 2, 5, 4, 4, 6)
        var calls: [String] = []
        let result = values.distinctUntilChanged { (previous: Int, next: Int) -> Bool in
            calls.append("\(previous)-\(next)")
            return next <= previous
        }
        #expect(synchronousEvents(result) == [.next(1), .next(3), .next(5), .next(6), .completed])
        #expect(calls == ["1-3", "3-2", "3-5", "5-4", "5-4", "5-6"])
    }

    @Test("with a key selector and a comparer")
    func keyAndComparer() {
        let words = Observable.of("a", "A", "b", "B", "b", "a")
        let result = words.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })
        #expect(synchronousEvents(result) == [.next("a"), .next("b"), .next("a"), .completed])
    }

    @Test("at a key path, elements whose property repeats are dropped")
    func keyPath() {
        let points = Observable.of(Point(x: 0, y: 1), Point(x: 0, y: 2), Point(x: 1, y: 2), Point(x: 1, y: 3))
        #expect(
            synchronousEvents(points.distinctUntilChanged(at: \.x))
                == [.next(Point(x: 0, y: 1)), .next(Point(x: 1, y: 2)), .completed])
        #expect(
            synchronousEvents(points.distinctUntilChanged(at: \.y))
                == [.next(Point(x: 0, y: 1)), .next(Point(x: 0, y: 2)), .next(Point(x: 1, y: 3)), .completed])
    }

    @Test("a throwing key selector sends its error and unsubscribes")
    func keySelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { () -> Observable<Int> in
            xs.distinctUntilChanged { (value: Int) -> Int in
                if value == 3 { throw FilteringSupport.predicateError }
                return value
            }
        }
        #expect(res.events == [.next(210, 2), .error(215, FilteringSupport.predicateError)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test("a throwing comparer sends its error and unsubscribes; it is not called for the first element")
    func comparerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var invoked = 0
        let res = scheduler.start { () -> Observable<Int> in
            xs.distinctUntilChanged { (_: Int, _: Int) -> Bool in
                invoked += 1
                throw FilteringSupport.predicateError
            }
        }
        #expect(res.events == [.next(210, 2), .error(215, FilteringSupport.predicateError)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
        #expect(invoked == 1)
    }

    @Test("an error is passed on")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 2), .error(230, testError)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposing early unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 222) { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 2), .next(215, 3)])
        #expect(xs.subscriptions == [Subscription(200, 222)])
    }

    @Test("each subscription compares with its own previous element")
    func perSubscription() {
        let distinct = Observable.of(1, 1, 2).distinctUntilChanged()
        #expect(synchronousEvents(distinct) == [.next(1), .next(2), .completed])
        #expect(synchronousEvents(distinct) == [.next(1), .next(2), .completed])
    }
}
