import RxCore
import RxTest
import Testing

@Suite("combineLatest", .resourceBalanced)
struct CombineLatestTests {
    // MARK: two sources, RxSwift's scenarios

    @Test("never and empty: no event at all (RxSwift 6 does not complete)", arguments: [false, true])
    func neverEmpty(swapped: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let res = scheduler.start {
            swapped
                ? Observable.combineLatest(empty, never) { $0 + $1 }
                : Observable.combineLatest(never, empty) { $0 + $1 }
        }
        #expect(res.events == [])
        #expect(never.subscriptions == [Subscription(200, 1000)])
        #expect(empty.subscriptions == [Subscription(200, 210)])
    }

    @Test(
        "empty and return: completes when the other source emits, since no combination is possible",
        arguments: [false, true])
    func emptyReturn(swapped: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start {
            swapped
                ? Observable.combineLatest(other, empty) { $0 + $1 }
                : Observable.combineLatest(empty, other) { $0 + $1 }
        }
        #expect(res.events == [.completed(215)])
        #expect(empty.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(200, 215)])
    }

    @Test("never and return: no event, the returning source is released when it completes")
    func neverReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
        let never = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { Observable.combineLatest(other, never) { $0 + $1 } }
        #expect(res.events == [])
        #expect(other.subscriptions == [Subscription(200, 220)])
        #expect(never.subscriptions == [Subscription(200, 1000)])
    }

    @Test("emits once both have emitted, completes when both have completed")
    func returnReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(240)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 5), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test("every element of either source combines with the latest of the other")
    func latestOfEach() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .next(260, 30), .completed(270)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(230, 12), .next(240, 22), .next(250, 23), .next(260, 33), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 270)])
    }

    @Test("an error goes downstream at once and disposes both sources", arguments: [false, true])
    func errorDisposesAll(swapped: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let some = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(230)])
        let failing = scheduler.createHotObservable([.next(150, 1), .error(220, testError)])
        let res = scheduler.start {
            swapped
                ? Observable.combineLatest(failing, some) { $0 + $1 }
                : Observable.combineLatest(some, failing) { $0 + $1 }
        }
        #expect(res.events == [.error(220, testError)])
        #expect(some.subscriptions == [Subscription(200, 220)])
        #expect(failing.subscriptions == [Subscription(200, 220)])
    }

    @Test("the first of two errors wins")
    func firstErrorWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(220, testError)])
        let ys = scheduler.createHotObservable([.next(150, 1), .error(230, testError2)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    @Test("a throwing selector fails the sequence and disposes both sources")
    func selectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(240)])
        let res = scheduler.start {
            Observable.combineLatest(xs, ys) { (_: Int, _: Int) throws -> Int in throw testError }
        }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing early stops the events and unsubscribes every source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(400)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .next(260, 30), .completed(300)])
        let res = scheduler.start(disposed: 245) { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 11), .next(230, 12), .next(240, 22)])
        #expect(xs.subscriptions == [Subscription(200, 245)])
        #expect(ys.subscriptions == [Subscription(200, 245)])
    }

    @Test("the tuple form combines the latest elements")
    func tuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(250)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) }
        #expect(
            CombiningSupport.mapElements(res.events) { "\($0.0)\($0.1)" } == [
                .next(220, "1a"), .next(230, "2a"), .completed(250),
            ])
    }

    @Test("synchronous sources, as in the documentation example")
    func documentationExample() {
        let tens = Observable.of(10, 20)
        let ones = Observable.of(1, 2)
        let events = CombiningSupport.synchronousEvents(Observable.combineLatest(tens, ones) { $0 + $1 })
        #expect(events == [.next(11), .next(21), .next(22), .completed])
    }

    @Test("an observer that makes a source emit again while receiving is served in order, without deadlock")
    func reentrantEmission() {
        var first: AnyObserver<Int>?
        var second: AnyObserver<Int>?
        let xs = Observable<Int>.create { observer in
            first = observer
            return Disposables.create()
        }
        let ys = Observable<Int>.create { observer in
            second = observer
            return Disposables.create()
        }
        var received: [Int] = []
        let subscription = Observable.combineLatest(xs, ys) { $0 + $1 }.subscribe(onNext: { value in
            received.append(value)
            if value == 11 {
                first?.onNext(2)
                received.append(-1)
            }
        })
        first?.onNext(1)
        second?.onNext(10)
        second?.onNext(20)
        #expect(received == [11, 12, -1, 22])
        subscription.dispose()
        first = nil
        second = nil
    }

    @Test("optional elements: a nil element counts as a value")
    func optionalElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Int?.none), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, Int?.some(10)), .completed(250)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { ($0 ?? 0) + ($1 ?? 0) } }
        #expect(res.events == [.next(220, 10), .next(230, 13), .completed(250)])
    }

    // MARK: three to eight sources

    @Test("every arity from 2 to 8, with a selector and with tuples")
    func everyArity() {
        for arity in 2...8 {
            for useTuples in [false, true] {
                let scheduler = TestScheduler(initialClock: 0)
                let sources = (0..<arity).map { index in
                    scheduler.createHotObservable([
                        .next(150, -1), .next(210 + 10 * index, index + 1), .next(400, 100), .completed(500 + index),
                    ])
                }
                let res = scheduler.start { Self.combined(sources, tuples: useTuples) }
                var expected: [Recorded<Event<Int>>] = [.next(200 + 10 * arity, (1...arity).reduce(0, +))]
                for updated in 1...arity {
                    let rest = updated < arity ? ((updated + 1)...arity).reduce(0, +) : 0
                    expected.append(.next(400, 100 * updated + rest))
                }
                expected.append(.completed(499 + arity))
                #expect(res.events == expected, "arity \(arity), tuples: \(useTuples)")
                for (index, source) in sources.enumerated() {
                    #expect(source.subscriptions == [Subscription(200, 500 + index)], "arity \(arity), source \(index)")
                }
            }
        }
    }

    @Test("every arity stops all its sources on a source error")
    func everyArityError() {
        for arity in 2...8 {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = (0..<arity).map { index in
                scheduler.createHotObservable(index == 0 ? [.error(230, testError)] : [.next(210, 1), .completed(300)])
            }
            let res = scheduler.start { Self.combined(sources, tuples: true) }
            #expect(res.events == [.error(230, testError)], "arity \(arity)")
            for source in sources {
                #expect(source.subscriptions == [Subscription(200, 230)], "arity \(arity)")
            }
        }
    }

    /// `combineLatest` of `s` (2 to 8 sources) through the typed front end, summing the elements.
    static func combined(_ s: [TestableObservable<Int>], tuples: Bool) -> Observable<Int> {
        switch (s.count, tuples) {
        case (2, false): return Observable.combineLatest(s[0], s[1]) { $0 + $1 }
        case (2, true): return Observable.combineLatest(s[0], s[1]).mapUsingZip { $0 + $1 }
        case (3, false): return Observable.combineLatest(s[0], s[1], s[2]) { $0 + $1 + $2 }
        case (3, true): return Observable.combineLatest(s[0], s[1], s[2]).mapUsingZip { $0 + $1 + $2 }
        case (4, false): return Observable.combineLatest(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }
        case (4, true): return Observable.combineLatest(s[0], s[1], s[2], s[3]).mapUsingZip { $0 + $1 + $2 + $3 }
        case (5, false):
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }
        case (5, true):
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]).mapUsingZip { $0 + $1 + $2 + $3 + $4 }
        case (6, false):
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5].reduce(0, +) }
        case (6, true):
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5])
                .mapUsingZip { [$0, $1, $2, $3, $4, $5].reduce(0, +) }
        case (7, false):
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
                [$0, $1, $2, $3, $4, $5, $6].reduce(0, +)
            }
        case (7, true):
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
                .mapUsingZip { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) }
        case (8, false):
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +)
            }
        default:
            return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                .mapUsingZip { [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +) }
        }
    }

    // MARK: collections

    @Test("an empty collection emits the combination of nothing, then completes, at subscription (RxSwift)")
    func emptyCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.combineLatest([Observable<Int>]()) { $0.reduce(42, +) } }
        #expect(res.events == [.next(200, 42), .completed(200)])
        let arraysScheduler = TestScheduler(initialClock: 0)
        let arrays = arraysScheduler.start { Observable.combineLatest([Observable<Int>]()) }
        #expect(arrays.events == [.next(200, []), .completed(200)])
    }

    @Test("an empty collection whose selector throws fails at subscription")
    func emptyCollectionSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.combineLatest([Observable<Int>]()) { (_: [Int]) throws -> Int in throw testError }
        }
        #expect(res.events == [.error(200, testError)])
    }

    @Test("a collection, as in the documentation example")
    func collectionDocumentationExample() {
        let sources = [Observable.just(1), Observable.just(10), Observable.just(100)]
        let events = CombiningSupport.synchronousEvents(Observable.combineLatest(sources) { $0.reduce(0, +) })
        #expect(events == [.next(111), .completed])
    }

    @Test("a collection combines the latest of each source in source order", arguments: [false, true])
    func collectionSymmetric(arrays: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(250, 4), .completed(420)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(230, 3), .next(260, 6), .completed(400)])
        let res = scheduler.start { Self.combinedCollection([e0, e1, e2], arrays: arrays) }
        #expect(
            res.events == [
                .next(230, [1, 2, 3]), .next(240, [1, 5, 3]), .next(250, [4, 5, 3]), .next(260, [4, 5, 6]), .completed(420),
            ])
        #expect(e0.subscriptions == [Subscription(200, 420)])
        #expect(e1.subscriptions == [Subscription(200, 410)])
        #expect(e2.subscriptions == [Subscription(200, 400)])
    }

    @Test("a collection completes early when one source completed without emitting and the rest are done")
    func collectionCannotCombine() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.completed(210, Int.self)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(230)])
        let e2 = scheduler.createHotObservable([.next(240, 3), .next(250, 4), .completed(260)])
        let res = scheduler.start { Self.combinedCollection([e0, e1, e2], arrays: true) }
        #expect(res.events == [.completed(240)])
        #expect(e0.subscriptions == [Subscription(200, 210)])
        #expect(e1.subscriptions == [Subscription(200, 230)])
        #expect(e2.subscriptions == [Subscription(200, 240)])
    }

    @Test("a collection fails on the first error and disposes every source")
    func collectionError() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])
        let res = scheduler.start { Self.combinedCollection([e0, e1, e2], arrays: false) }
        #expect(res.events == [.next(230, [1, 2, 3]), .next(240, [1, 5, 3]), .error(250, testError)])
        for source in [e0, e1, e2] {
            #expect(source.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test("a collection with a throwing selector fails at the first combination")
    func collectionSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(400)])
        let res = scheduler.start {
            Observable.combineLatest([e0, e1].map { $0.asObservable() }) { (_: [Int]) throws -> Int in throw testError }
        }
        #expect(res.events == [.error(220, testError)])
        #expect(e0.subscriptions == [Subscription(200, 220)])
        #expect(e1.subscriptions == [Subscription(200, 220)])
    }

    @Test("a collection disposed early unsubscribes every source")
    func collectionEarlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(230, 3), .completed(400)])
        let res = scheduler.start(disposed: 250) { Observable.combineLatest([e0, e1].map { $0.asObservable() }) }
        #expect(res.events == [.next(220, [1, 2]), .next(230, [1, 3])])
        #expect(e0.subscriptions == [Subscription(200, 250)])
        #expect(e1.subscriptions == [Subscription(200, 250)])
    }

    static func combinedCollection(_ sources: [TestableObservable<Int>], arrays: Bool) -> Observable<[Int]> {
        let observables = sources.map { $0.asObservable() }
        return arrays ? Observable.combineLatest(observables) : Observable.combineLatest(observables) { $0 }
    }
}
