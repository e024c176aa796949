import RxCore
import RxTest
import Testing

// The call sites RxSwift code writes most, for every type with a typed zip and combineLatest:
// four sources with a trailing closure, with `resultSelector:`, as a tuple mapped with a
// four-argument closure, and a tuple's fourth element (`$0.3`). Besides the values, this file is what
// `scripts/check-combining-type-checking` type-checks with a 200 ms limit per expression:
// overloads the type checker cannot solve quickly show up there (and in a slow build).

/// The elements a sequence sends synchronously.
private func values<Source: ObservableConvertibleType>(_ source: Source) -> [Source.Element] {
    var values: [Source.Element] = []
    _ = source.asObservable().subscribe(onNext: { values.append($0) })
    return values
}

/// The elements a driver or signal sends, run on a test scheduler.
private func sharedValues<Strategy, Element>(
    _ make: () -> SharedSequence<Strategy, Element>
) -> [Element] {
    let scheduler = TestScheduler(initialClock: 0)
    var values: [Element] = []
    SharingScheduler.mock(scheduler: scheduler) {
        let subscription = make().asObservable().subscribe(onNext: { values.append($0) })
        scheduler.start()
        subscription.dispose()
    }
    return values
}

@Suite("Typed zip and combineLatest call sites of four sources")
struct CombiningCallSiteTests {
    @Test("Observable: trailing closure, resultSelector: and tuple.map")
    func observable() {
        let a = Observable.just(1)
        #expect(values(Observable.zip(a, a, a, a) { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Observable.combineLatest(a, a, a, a, resultSelector: { $0 + $1 + $2 + $3 })) == [4])
        #expect(values(Observable.zip(a, a, a, a).map { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Observable.combineLatest(a, a, a, a).map { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Observable.combineLatest(a, a, a, a).map { $0.3 }) == [1])
        #expect(values(Observable.zip([a, a, a, a]) { $0.count }) == [4])
    }

    @Test("Infallible: trailing closure, resultSelector: and tuple.map")
    func infallible() {
        let a = Infallible.just(1)
        #expect(values(Infallible.zip(a, a, a, a) { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Infallible.combineLatest(a, a, a, a, resultSelector: { $0 + $1 + $2 + $3 })) == [4])
        #expect(values(Infallible.zip(a, a, a, a).map { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Infallible.combineLatest(a, a, a, a).map { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Infallible.zip(a, a, a, a).map { $0.3 }) == [1])
        #expect(values(Infallible.combineLatest([a, a, a, a]) { $0.count }) == [4])
    }

    @Test("Driver and Signal: trailing closure, resultSelector: and tuple.map")
    func sharedSequences() {
        let a = { Driver.just(1) }
        #expect(sharedValues { Driver.zip(a(), a(), a(), a()) { $0 + $1 + $2 + $3 } } == [4])
        #expect(sharedValues { Driver.combineLatest(a(), a(), a(), a(), resultSelector: { $0 + $1 + $2 + $3 }) } == [4])
        #expect(sharedValues { Driver.zip(a(), a(), a(), a()).map { $0 + $1 + $2 + $3 } } == [4])
        #expect(sharedValues { Driver.combineLatest(a(), a(), a(), a()).map { $0 + $1 + $2 + $3 } } == [4])
        #expect(sharedValues { Driver.zip(a(), a(), a(), a()).map { $0.3 } } == [1])
        let s = { Signal.just(1) }
        #expect(sharedValues { Signal.zip(s(), s(), s(), s()) { $0 + $1 + $2 + $3 } } == [4])
        #expect(sharedValues { Signal.combineLatest(s(), s(), s(), s(), resultSelector: { $0 + $1 + $2 + $3 }) } == [4])
        #expect(sharedValues { Signal.zip(s(), s(), s(), s()).map { $0 + $1 + $2 + $3 } } == [4])
        #expect(sharedValues { Signal.combineLatest(s(), s(), s(), s()).map { $0 + $1 + $2 + $3 } } == [4])
    }

    @Test("Single and Maybe: trailing closure, resultSelector: and tuple.map")
    func primitiveSequences() {
        let a = Single.just(1)
        #expect(values(Single.zip(a, a, a, a) { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Single.zip(a, a, a, a, resultSelector: { $0 + $1 + $2 + $3 })) == [4])
        #expect(values(Single.zip(a, a, a, a).map { $0 + $1 + $2 + $3 }) == [4])
        let m = Maybe.just(1)
        #expect(values(Maybe.zip(m, m, m, m) { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Maybe.zip(m, m, m, m).map { $0 + $1 + $2 + $3 }) == [4])
        #expect(values(Single.zip(a, a, a, a).map { $0.3 }) == [1])
    }
}
