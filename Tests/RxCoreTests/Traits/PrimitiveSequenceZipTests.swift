import RxCore
import RxTest
import Testing

@Suite("Single and Maybe zip", .resourceBalanced)
struct PrimitiveSequenceZipTests {
    @Test("two singles succeed once both have, at the later time")
    func twoSingles() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let ys = scheduler.createHotObservable([.next(240, "a"), .completed(240)])
        let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { "\($1)\($0)" } }
        #expect(res.events == [.next(240, "a1"), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test("the first failure fails the zip at once and disposes the others")
    func failure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, testError, Int.self)])
        let ys = scheduler.createHotObservable([.next(240, 2), .completed(240)])
        let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 + $1 } }
        #expect(res.events == [.error(220, testError)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    @Test("tuple forms from 2 to 8 sources")
    func tuples() {
        var entries: [String] = []
        _ = Single.zip(Single.just(1), Single.just("b")).subscribe(onSuccess: { entries.append("\($0.0)\($0.1)") })
        _ = Single.zip(.just(1), .just(2), .just(3)).subscribe(onSuccess: { entries.append("\($0 + $1 + $2)") })
        let n = Single.just(1)
        _ = Single.zip(n, n, n, n, n, n, n, Single.just(8)).subscribe(onSuccess: { entries.append("\($0.0 + $0.7)") })
        _ = Maybe.zip(Maybe.just(1), Maybe.just(2)).subscribe { event in
            if case .success(let pair) = event { entries.append("maybe \(pair.0 + pair.1)") }
        }
        #expect(entries == ["1b", "6", "9", "maybe 3"])
    }

    @Test("result selectors from 3 to 8 sources; a throwing selector fails the single")
    func selectors() {
        var entries: [String] = []
        _ = Single.zip(Single.just(1), .just(2), .just(3), .just(4)) { $0 + $1 + $2 + $3 }
            .subscribe(onSuccess: { entries.append("\($0)") })
        let one = Single.just(1)
        let eight: Single<Int> = Single.zip(one, one, one, one, one, one, one, one) { a, b, c, d, e, f, g, h in
            let firstHalf: Int = a + b + c + d
            let secondHalf: Int = e + f + g + h
            return firstHalf + secondHalf
        }
        _ = eight.subscribe(onSuccess: { entries.append("\($0)") })
        _ = Single.zip(Single.just(1), Single.just(2)) { _, _ -> Int in throw testError }
            .subscribe { entries.append(describe($0)) }
        #expect(entries == ["10", "8", "failure(TestError(1))"])
    }

    @Test("a maybe that completes empty completes the zip")
    func maybeEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let ys = scheduler.createHotObservable([.completed(230, Int.self)])
        let res = scheduler.start { Maybe.zip(xs.asMaybe(), ys.asMaybe()) { $0 + $1 } }
        #expect(res.events == [.completed(230)])
    }

    @Test("collection forms: arrays in source order; no sources succeed with an empty array")
    func collections() {
        var entries: [String] = []
        _ = Single.zip([Single.just(1), .just(2), .just(3)]).subscribe(onSuccess: { entries.append("\($0)") })
        _ = Single.zip([Single.just(1), .just(2)]) { $0.reduce(0, +) }.subscribe(onSuccess: { entries.append("\($0)") })
        _ = Single.zip([Single<Int>]()).subscribe(onSuccess: { entries.append("\($0)") })
        _ = Maybe.zip([Maybe.just(1), .just(2)]).subscribe(onSuccess: { entries.append("maybe \($0)") })
        _ = Maybe.zip([Maybe.just(1), .empty()]).subscribe(onCompleted: { entries.append("maybe completed") })
        _ = Single.zip([Single.just(1), .error(testError)]).subscribe { entries.append(describe($0)) }
        #expect(entries == ["[1, 2, 3]", "3", "[]", "maybe [1, 2]", "maybe completed", "failure(TestError(1))"])
    }

    @Test("the collection form on virtual time: success at the last source's time")
    func collectionTiming() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let ys = scheduler.createHotObservable([.next(250, 2), .completed(250)])
        let res = scheduler.start { Single.zip([xs.asSingle(), ys.asSingle()]) }
        #expect(res.events == [.next(250, [1, 2]), .completed(250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }
}
