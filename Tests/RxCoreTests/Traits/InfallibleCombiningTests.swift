import RxCore
import RxTest
import Testing

/// A testable observable seen as an infallible (its events never include an error here).
private func infallible<Element>(_ source: TestableObservable<Element>) -> Infallible<Element> {
    source.asInfallible(onErrorFallbackTo: .empty())
}

/// The elements an infallible sends synchronously.
private func elements<Element>(_ source: Infallible<Element>) -> [Element] {
    var values: [Element] = []
    _ = source.subscribe(onNext: { values.append($0) })
    return values
}

/// The sum of the arguments, for the wide result selectors.
private func sum(_ values: Int...) -> Int {
    values.reduce(0, +)
}

@Suite("Infallible combining operators", .resourceBalanced)
struct InfallibleCombiningTests {
    @Test("concat runs the second after the first completes")
    func concat() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let res = scheduler.start { infallible(xs).concat(infallible(ys)) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(240)])
        #expect(ys.subscriptions == [Subscription(220, 240)])

        #expect(elements(Infallible.concat(Infallible.of(1, 2), .just(3))) == [1, 2, 3])
        #expect(elements(Infallible.concat([Infallible.just(1), .just(2)])) == [1, 2])
        #expect(elements(Infallible.concat([Infallible.just(1), .just(2)].lazy.map { $0 })) == [1, 2])
    }

    @Test("merge interleaves the sources and completes after the last")
    func merge() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        let res = scheduler.start { Infallible.merge(infallible(xs), infallible(ys)) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])

        #expect(elements(Infallible.merge([Infallible.just(1), .just(2)])) == [1, 2])
        #expect(elements(Infallible.merge([Infallible.just(1), .just(2)][0...])) == [1, 2])
        #expect(elements(Infallible.of(Infallible.just(1), .of(2, 3)).merge()) == [1, 2, 3])
    }

    @Test("withLatestFrom pairs each element with the other's latest; earlier ones are dropped")
    func withLatestFrom() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let res = scheduler.start { infallible(xs).withLatestFrom(infallible(ys)) { "\($0)\($1)" } }
        #expect(res.events == [.next(230, "2a"), .next(250, "3b"), .completed(260)])
        #expect(ys.subscriptions == [Subscription(200, 260)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let ys2 = scheduler2.createHotObservable([.next(220, "a")])
        let latest = scheduler2.start { infallible(xs2).withLatestFrom(infallible(ys2)) }
        #expect(latest.events == [.next(230, "a"), .completed(260)])
    }

    @Test("switchLatest follows the latest inner infallible")
    func switchLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let outer = scheduler.createHotObservable([
            .next(210, infallible(first)), .next(230, infallible(second)), .completed(300),
        ])
        let res = scheduler.start { infallible(outer).switchLatest() }
        #expect(res.events == [.next(220, 1), .next(240, 3), .completed(300)])
        #expect(first.subscriptions == [Subscription(210, 230)])
        #expect(second.subscriptions == [Subscription(230, 250)])
    }

    @Test("combineLatest of two: nothing until both sent, then each element combines the latest")
    func combineLatestTwo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(250)])
        let res = scheduler.start { Infallible.combineLatest(infallible(xs), infallible(ys)) { $0 + $1 } }
        #expect(res.events == [.next(220, 11), .next(230, 12), .next(240, 22), .completed(260)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .completed(260)])
        let ys2 = scheduler2.createHotObservable([.next(220, "a"), .completed(250)])
        let tuples = scheduler2.start {
            Infallible.combineLatest(infallible(xs2), infallible(ys2)).map { "\($0)\($1)" }
        }
        #expect(tuples.events == [.next(220, "1a"), .completed(260)])
    }

    @Test("combineLatest of 3 to 8 sources, with a result selector and as tuples")
    func combineLatestArities() {
        let a = Infallible.just(1)
        #expect(elements(Infallible.combineLatest(a, a, a) { $0 + $1 + $2 }) == [3])
        #expect(elements(Infallible.combineLatest(a, a, a, a) { $0 + $1 + $2 + $3 }) == [4])
        #expect(elements(Infallible.combineLatest(a, a, a, a, a) { $0 + $1 + $2 + $3 + $4 }) == [5])
        #expect(elements(Infallible.combineLatest(a, a, a, a, a, a) { sum($0, $1, $2, $3, $4, $5) }) == [6])
        #expect(elements(Infallible.combineLatest(a, a, a, a, a, a, a) { sum($0, $1, $2, $3, $4, $5, $6) }) == [7])
        #expect(
            elements(Infallible.combineLatest(a, a, a, a, a, a, a, a) { sum($0, $1, $2, $3, $4, $5, $6, $7) })
                == [8]
        )
        #expect(elements(Infallible.combineLatest(a, a, a).map { $0 + $1 + $2 }) == [3])
        #expect(elements(Infallible.combineLatest(a, a, a, a).map { $0 + $1 + $2 + $3 }) == [4])
        #expect(elements(Infallible.combineLatest(a, a, a, a, a).map { $0 + $1 + $2 + $3 + $4 }) == [5])
        #expect(elements(Infallible.combineLatest(a, a, a, a, a, a).map { sum($0, $1, $2, $3, $4, $5) }) == [6])
        #expect(
            elements(Infallible.combineLatest(a, a, a, a, a, a, a).map { sum($0, $1, $2, $3, $4, $5, $6) })
                == [7]
        )
        #expect(
            elements(Infallible.combineLatest(a, a, a, a, a, a, a, a).map { sum($0, $1, $2, $3, $4, $5, $6, $7) })
                == [8]
        )
    }

    @Test("zip of two pairs elements by position and completes with the shorter source")
    func zipTwo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(250, 20), .completed(260)])
        let res = scheduler.start { Infallible.zip(infallible(xs), infallible(ys)) { $0 + $1 } }
        #expect(res.events == [.next(215, 11), .next(250, 22), .completed(260)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .completed(240)])
        let ys2 = scheduler2.createHotObservable([.next(220, "a"), .completed(250)])
        let tuples = scheduler2.start { Infallible.zip(infallible(xs2), infallible(ys2)).map { "\($0)\($1)" } }
        // As RxSwift's zip: a source that completes does not end the zip while the others run.
        #expect(tuples.events == [.next(220, "1a"), .completed(250)])
    }

    @Test("zip of 3 to 8 sources, with a result selector and as tuples")
    func zipArities() {
        let a = Infallible.of(1, 2)
        #expect(elements(Infallible.zip(a, a, a) { $0 + $1 + $2 }) == [3, 6])
        #expect(elements(Infallible.zip(a, a, a, a) { $0 + $1 + $2 + $3 }) == [4, 8])
        #expect(elements(Infallible.zip(a, a, a, a, a) { $0 + $1 + $2 + $3 + $4 }) == [5, 10])
        #expect(elements(Infallible.zip(a, a, a, a, a, a) { sum($0, $1, $2, $3, $4, $5) }) == [6, 12])
        #expect(elements(Infallible.zip(a, a, a, a, a, a, a) { sum($0, $1, $2, $3, $4, $5, $6) }) == [7, 14])
        #expect(
            elements(Infallible.zip(a, a, a, a, a, a, a, a) { sum($0, $1, $2, $3, $4, $5, $6, $7) }) == [8, 16]
        )
        #expect(elements(Infallible.zip(a, a, a).map { $0 + $1 + $2 }) == [3, 6])
        #expect(elements(Infallible.zip(a, a, a, a).map { $0 + $1 + $2 + $3 }) == [4, 8])
        #expect(elements(Infallible.zip(a, a, a, a, a).map { $0 + $1 + $2 + $3 + $4 }) == [5, 10])
        #expect(elements(Infallible.zip(a, a, a, a, a, a).map { sum($0, $1, $2, $3, $4, $5) }) == [6, 12])
        #expect(elements(Infallible.zip(a, a, a, a, a, a, a).map { sum($0, $1, $2, $3, $4, $5, $6) }) == [7, 14])
        #expect(
            elements(Infallible.zip(a, a, a, a, a, a, a, a).map { sum($0, $1, $2, $3, $4, $5, $6, $7) })
                == [8, 16]
        )
    }

    @Test("collection forms of combineLatest and zip, with and without a selector")
    func collections() {
        let sources = [Infallible.of(1, 2), Infallible.just(10)]
        #expect(elements(Infallible.zip(sources)) == [[1, 10]])
        #expect(elements(Infallible.zip(sources) { $0.reduce(0, +) }) == [11])
        // `of` sends through the current-thread scheduler, after `just(10)` has sent its
        // element: both of its elements meet the 10.
        #expect(elements(Infallible.combineLatest(sources)) == [[1, 10], [2, 10]])
        #expect(elements(Infallible.combineLatest(sources) { $0.reduce(0, +) }) == [11, 12])
    }
}
