import RxCore
import RxTest
import Testing

/// RxSwift's `Infallible` operator signatures: inner sequences of any observable type, and
/// closures that may throw. Code written against RxSwift compiles unchanged; an error let in this
/// way reaches `asObservable()` subscribers and ends `subscribe(onNext:…)` without a completion.
@Suite("Infallible operators with RxSwift's signatures", .resourceBalanced)
struct InfallibleRxSwiftSignaturesTests {
    /// Fails on `failing`, passes otherwise.
    private static func check(_ value: Int, failing: Int) throws -> Bool {
        if value == failing { throw testError }
        return true
    }

    @Test("the flatMap family and concatMap take inner observables, not only infallibles")
    func innerObservables() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let infallible = source.asInfallible(onErrorJustReturn: -1)
        let merged = scheduler.start { infallible.flatMap { Observable.just($0 * 10) } }
        #expect(merged.events == [.next(210, 10), .next(220, 20), .completed(300)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let source2 = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let latest = scheduler2.start {
            source2.asInfallible(onErrorJustReturn: -1).flatMapLatest { Observable.of($0, $0 + 100) }
        }
        #expect(latest.events == [.next(210, 1), .next(210, 101), .next(220, 2), .next(220, 102), .completed(300)])

        let first = Infallible.just(3).flatMapFirst { Observable.just($0 + 1) }
        let concatenated = Infallible.of(1, 2).concatMap { Observable.just($0 * 2) }
        var received: [Int] = []
        _ = first.subscribe(onNext: { received.append($0) })
        _ = concatenated.subscribe(onNext: { received.append($0) })
        #expect(received == [4, 2, 4])
    }

    @Test("concat takes any observable as the second sequence")
    func concatObservable() {
        var received: [Int] = []
        var completed = false
        _ = Infallible.just(1).concat(Observable.of(2, 3)).subscribe(
            onNext: { received.append($0) }, onCompleted: { completed = true })
        #expect(received == [1, 2, 3])
        #expect(completed)
    }

    @Test("a predicate that throws: asObservable() sees the error, subscribe(onNext:) sees no completion")
    func throwingPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let taken = scheduler.start {
            source.asInfallible(onErrorJustReturn: -1).take(while: { try Self.check($0, failing: 3) })
        }
        #expect(taken.events == [.next(210, 1), .next(220, 2), .error(230, testError)])

        var received: [Int] = []
        var completed = false
        var disposed = false
        _ = Infallible.of(1, 2, 3, 4).take(while: { try Self.check($0, failing: 3) }).subscribe(
            onNext: { received.append($0) }, onCompleted: { completed = true }, onDisposed: { disposed = true })
        #expect(received == [1, 2])
        #expect(!completed)
        #expect(disposed)
    }

    @Test("take(until:), skip(while:), distinctUntilChanged, withLatestFrom, do and deferred accept throwing closures")
    func throwingClosuresCompileAndPassThrough() {
        var received: [String] = []
        func record<Element>(_ infallible: Infallible<Element>, _ name: String) {
            _ = infallible.asObservable().subscribe(
                onNext: { received.append("\(name) \($0)") },
                onError: { _ in received.append("\(name) error") },
                onCompleted: { received.append("\(name) completed") })
        }
        record(Infallible.of(1, 2, 3).take(until: { try Self.check($0, failing: 9) && $0 == 2 }), "until")
        record(Infallible.of(1, 2, 3).skip(while: { try Self.check($0, failing: 2) }), "skip")
        record(Infallible.of(1, 1, 2).distinctUntilChanged { try Self.check($0, failing: 9) && $0 == $1 }, "distinct")
        record(Infallible.of(1, 2).distinctUntilChanged({ try Self.check($0, failing: 2) ? $0 : 0 }), "key")
        record(
            Infallible.of(1, 2).distinctUntilChanged({ $0 }, comparer: { try Self.check($0, failing: 9) && $0 == $1 }),
            "keyComparer")
        record(Infallible.of(1).withLatestFrom(Infallible.just(5)) { try Self.check($0, failing: 9) ? $0 + $1 : 0 }, "latest")
        record(Infallible.of(1, 2).do(onNext: { _ = try Self.check($0, failing: 2) }), "do")
        record(
            Infallible<Int>.deferred {
                _ = try Self.check(1, failing: 1); return .just(0)
            }, "deferred")
        #expect(
            received == [
                "until 1", "until completed",
                "skip error",
                "distinct 1", "distinct 2", "distinct completed",
                "key 1", "key error",
                "keyComparer 1", "keyComparer 2", "keyComparer completed",
                "latest 6", "latest completed",
                "do 1", "do error",
                "deferred error",
            ])
    }

    @Test("combineLatest over a collection: Element is the result's type, and the selector may throw")
    func combineLatestCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let names = scheduler.createHotObservable([.next(210, "a"), .next(230, "ccc"), .completed(300)])
        let others = scheduler.createHotObservable([.next(220, "bb"), .completed(310)])
        let sources = [names, others].map { $0.asInfallible(onErrorJustReturn: "") }
        // RxSwift's reading: the type named before `.combineLatest` is the result's.
        let lengths = scheduler.start { Infallible<Int>.combineLatest(sources) { $0.map(\.count).reduce(0, +) } }
        #expect(lengths.events == [.next(220, 3), .next(230, 5), .completed(310)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let numbers = scheduler2.createHotObservable([.next(210, 1), .next(220, 3), .completed(300)])
        let throwing = scheduler2.start {
            Infallible.combineLatest([numbers.asInfallible(onErrorJustReturn: -1)]) { latest -> Int in
                _ = try Self.check(latest[0], failing: 3)
                return latest[0]
            }
        }
        #expect(throwing.events == [.next(210, 1), .error(220, testError)])

        var arrays: [[Int]] = []
        _ = Infallible.combineLatest([Infallible.just(1), Infallible.just(2)]).subscribe(onNext: { arrays.append($0) })
        #expect(arrays == [[1, 2]])
    }
}
