import RxCore
import RxTest
import Testing

@Suite("zip", .resourceBalanced)
struct ZipTests {
    // MARK: two sources, RxSwift's scenarios

    @Test("never and empty: no event; the empty source is released when it completes")
    func neverEmpty() {
        for swapped in [false, true] {
            let scheduler = TestScheduler(initialClock: 0)
            let never = scheduler.createHotObservable([.next(150, 1)])
            let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
            let res = scheduler.start {
                swapped ? Observable.zip(empty, never) { $0 + $1 } : Observable.zip(never, empty) { $0 + $1 }
            }
            #expect(res.events == [])
            #expect(never.subscriptions == [Subscription(200, 1000)])
            #expect(empty.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test("empty and non-empty: completes when the last source completes")
    func emptyNonEmpty() {
        for swapped in [false, true] {
            let scheduler = TestScheduler(initialClock: 0)
            let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
            let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
            let res = scheduler.start {
                swapped ? Observable.zip(other, empty) { $0 + $1 } : Observable.zip(empty, other) { $0 + $1 }
            }
            #expect(res.events == [.completed(220)])
            #expect(empty.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test("one pair, then completion when both sources have completed")
    func nonEmptyNonEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(240)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 5), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test("a completed source with a leftover element still waits for the other source (RxSwift 6)")
    func allCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 5), .completed(220)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(210, 5), .next(220, 6), .completed(230)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(210, 10), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test("elements wait in order until the slower source catches up")
    func buffersInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(260)])
        let ys = scheduler.createHotObservable([.next(240, 10), .next(250, 20), .completed(270)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(240, 11), .next(250, 22), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
        #expect(ys.subscriptions == [Subscription(200, 270)])
    }

    @Test("an error goes downstream at once and disposes every source", arguments: [false, true])
    func errorDisposesAll(swapped: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let some = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let failing = scheduler.createHotObservable([.next(150, 1), .error(220, testError)])
        let res = scheduler.start {
            swapped ? Observable.zip(failing, some) { $0 + $1 } : Observable.zip(some, failing) { $0 + $1 }
        }
        #expect(res.events == [.error(220, testError)])
        #expect(some.subscriptions == [Subscription(200, 220)])
        #expect(failing.subscriptions == [Subscription(200, 220)])
    }

    @Test("the first of two errors wins")
    func firstErrorWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(230, testError)])
        let ys = scheduler.createHotObservable([.next(150, 1), .error(220, testError2)])
        let res = scheduler.start { Observable.zip(ys, xs) { $0 + $1 } }
        #expect(res.events == [.error(220, testError2)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    @Test("a throwing selector fails the sequence and disposes both sources")
    func selectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(220)])
        let ys = scheduler.createHotObservable([.next(150, 1), .next(210, 4)])
        let res = scheduler.start { Observable.zip(xs, ys) { (_: Int, _: Int) throws -> Int in throw testError } }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing early stops the events and unsubscribes every source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(400)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .next(260, 30), .completed(300)])
        let res = scheduler.start(disposed: 245) { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 11), .next(240, 22)])
        #expect(xs.subscriptions == [Subscription(200, 245)])
        #expect(ys.subscriptions == [Subscription(200, 245)])
    }

    @Test("the tuple form pairs the elements")
    func tuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(215, "a"), .next(225, "b"), .completed(235)])
        let res = scheduler.start { Observable.zip(xs, ys) }
        #expect(
            CombiningSupport.mapElements(res.events) { "\($0.0)\($0.1)" } == [
                .next(215, "1a"), .next(225, "2b"), .completed(235),
            ])
    }

    @Test("synchronous sources, as in the documentation example")
    func documentationExample() {
        let letters = Observable.of("a", "b", "c")
        let numbers = Observable.of(1, 2)
        let events = CombiningSupport.synchronousEvents(Observable.zip(letters, numbers) { "\($0)\($1)" })
        #expect(events == [.next("a1"), .next("b2"), .completed])
    }

    @Test("optional elements, nil included, are paired like any other")
    func optionalElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Int?.none), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(215, Int?.some(10)), .next(225, nil), .completed(235)])
        let res = scheduler.start { Observable.zip(xs, ys) { "\(String(describing: $0))-\(String(describing: $1))" } }
        #expect(res.events == [.next(215, "nil-Optional(10)"), .next(225, "Optional(2)-nil"), .completed(235)])
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
                let res = scheduler.start { Self.zipped(sources, tuples: useTuples) }
                let expectedSum = (1...arity).reduce(0, +)
                let expected: [Recorded<Event<Int>>] = [
                    .next(200 + 10 * arity, expectedSum), .next(400, 100 * arity), .completed(499 + arity),
                ]
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
                scheduler.createHotObservable(
                    index == arity - 1 ? [.error(230, testError)] : [.next(210, 1), .completed(300)]
                )
            }
            let res = scheduler.start { Self.zipped(sources, tuples: false) }
            #expect(res.events == [.error(230, testError)], "arity \(arity)")
            for source in sources {
                #expect(source.subscriptions == [Subscription(200, 230)], "arity \(arity)")
            }
        }
    }

    @Test("three sources complete only when all have completed")
    func allCompletedThree() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 5), .completed(220)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(210, 5), .next(220, 6), .completed(230)])
        let e2 = scheduler.createHotObservable([
            .next(150, 1), .next(210, 5), .next(220, 6), .next(230, 7), .completed(240),
        ])
        let res = scheduler.start { Observable.zip(e0, e1, e2) { $0 + $1 + $2 } }
        #expect(res.events == [.next(210, 15), .completed(240)])
        #expect(e0.subscriptions == [Subscription(200, 220)])
        #expect(e1.subscriptions == [Subscription(200, 230)])
        #expect(e2.subscriptions == [Subscription(200, 240)])
    }

    /// `zip` of `sources` (2 to 8 of them) through the typed front end, summing the elements.
    static func zipped(_ s: [TestableObservable<Int>], tuples: Bool) -> Observable<Int> {
        switch (s.count, tuples) {
        case (2, false): return Observable.zip(s[0], s[1]) { $0 + $1 }
        case (2, true): return Observable.zip(s[0], s[1]).mapUsingZip { $0 + $1 }
        case (3, false): return Observable.zip(s[0], s[1], s[2]) { $0 + $1 + $2 }
        case (3, true): return Observable.zip(s[0], s[1], s[2]).mapUsingZip { $0 + $1 + $2 }
        case (4, false): return Observable.zip(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 }
        case (4, true): return Observable.zip(s[0], s[1], s[2], s[3]).mapUsingZip { $0 + $1 + $2 + $3 }
        case (5, false): return Observable.zip(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 }
        case (5, true): return Observable.zip(s[0], s[1], s[2], s[3], s[4]).mapUsingZip { $0 + $1 + $2 + $3 + $4 }
        case (6, false):
            return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5].reduce(0, +) }
        case (6, true):
            return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]).mapUsingZip { [$0, $1, $2, $3, $4, $5].reduce(0, +) }
        case (7, false):
            return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) }
        case (7, true):
            return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
                .mapUsingZip { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) }
        case (8, false):
            return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +)
            }
        default:
            return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                .mapUsingZip { [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +) }
        }
    }

    // MARK: collections

    @Test("an empty collection completes at subscription")
    func emptyCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.zip([Observable<Int>]()) { $0.reduce(0, +) } }
        #expect(res.events == [.completed(200)])
        let arraysScheduler = TestScheduler(initialClock: 0)
        let arrays = arraysScheduler.start { Observable.zip([Observable<Int>]()) }
        #expect(arrays.events == [.completed(200)])
    }

    @Test("a collection, as in the documentation example")
    func collectionDocumentationExample() {
        let sources = [Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200)]
        let events = CombiningSupport.synchronousEvents(Observable.zip(sources) { $0.reduce(0, +) })
        #expect(events == [.next(111), .next(222), .completed])
    }

    @Test("a collection: symmetric completion after every source", arguments: [false, true])
    func collectionSymmetric(arrays: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(250, 4), .completed(420)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(230, 3), .next(260, 6), .completed(400)])
        let res = scheduler.start { Self.zippedCollection([e0, e1, e2], arrays: arrays) }
        #expect(res.events == [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(420)])
        #expect(e0.subscriptions == [Subscription(200, 420)])
        #expect(e1.subscriptions == [Subscription(200, 410)])
        #expect(e2.subscriptions == [Subscription(200, 400)])
    }

    @Test("a collection completes on an element that can never be paired (RxSwift 6)", arguments: [false, true])
    func collectionAsymmetric(arrays: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(250, 4), .completed(270)])
        let e1 = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410),
        ])
        let e2 = scheduler.createHotObservable([
            .next(150, 1), .next(230, 3), .next(260, 6), .next(280, 8), .completed(300),
        ])
        let res = scheduler.start { Self.zippedCollection([e0, e1, e2], arrays: arrays) }
        #expect(res.events == [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(310)])
        #expect(e0.subscriptions == [Subscription(200, 270)])
        #expect(e1.subscriptions == [Subscription(200, 310)])
        #expect(e2.subscriptions == [Subscription(200, 300)])
    }

    @Test("a collection fails on the first error and disposes every source")
    func collectionError() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .error(250, testError)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(230, 3), .next(260, 6), .completed(400)])
        let res = scheduler.start { Self.zippedCollection([e0, e1, e2], arrays: true) }
        #expect(res.events == [.next(230, [1, 2, 3]), .error(250, testError)])
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
            Observable.zip([e0, e1].map { $0.asObservable() }) { (_: [Int]) throws -> Int in throw testError }
        }
        #expect(res.events == [.error(220, testError)])
        #expect(e0.subscriptions == [Subscription(200, 220)])
        #expect(e1.subscriptions == [Subscription(200, 220)])
    }

    @Test("a collection disposed early unsubscribes every source")
    func collectionEarlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(270, 3), .completed(400)])
        let res = scheduler.start(disposed: 250) { Observable.zip([e0, e1].map { $0.asObservable() }) }
        #expect(res.events == [.next(220, [1, 2])])
        #expect(e0.subscriptions == [Subscription(200, 250)])
        #expect(e1.subscriptions == [Subscription(200, 250)])
    }

    static func zippedCollection(_ sources: [TestableObservable<Int>], arrays: Bool) -> Observable<[Int]> {
        let observables = sources.map { $0.asObservable() }
        return arrays ? Observable.zip(observables) : Observable.zip(observables) { $0 }
    }
}

extension ObservableType {
    /// A `map` for these tests, built from a one-source `zip` so they do not depend on
    /// another operator family.
    func mapUsingZip<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
        Observable.zip([asObservable()]) { transform($0[0]) }
    }
}
