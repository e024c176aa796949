import RxCore
import RxTest
import Testing

/// A resource for `using` that reports its disposal.
private final class Resource: Disposable {
    private let onDispose: () -> Void

    init(onDispose: @escaping () -> Void) {
        self.onDispose = onDispose
    }

    func dispose() {
        onDispose()
    }
}

@Suite("Trait timer, using and Maybe.ifEmpty", .resourceBalanced)
struct PrimitiveSequenceAdditionsTests {
    @Test("Single.timer succeeds with 0 after the due time; disposed before, it sends nothing")
    func singleTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(230, 0), .completed(230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let early = scheduler2.start(disposed: 220) { Single<Int>.timer(.seconds(30), scheduler: scheduler2) }
        #expect(early.events.isEmpty)
    }

    @Test("Maybe.timer and the subscribe(onSuccess:) of its success")
    func maybeTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let entries = recordTrait(scheduler) { record in
            Maybe<UInt8>.timer(.seconds(5), scheduler: scheduler).subscribe { record(describe($0)) }
        }
        #expect(entries == ["205 success(0)"])
    }

    @Test("using: the resource is made per subscription and released after the success")
    func using() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let res = scheduler.start {
            Single<Int>.using(
                { () -> Resource in
                    log.append("made \(scheduler.clock)")
                    return Resource { log.append("released \(scheduler.clock)") }
                },
                primitiveSequenceFactory: { _ in
                    Single<Int>.timer(.seconds(10), scheduler: scheduler).map { $0 + 7 }
                })
        }
        #expect(res.events == [.next(210, 7), .completed(210)])
        #expect(log == ["made 200", "released 210"])
    }

    @Test("using: a throwing factory fails the trait; an early dispose releases the resource")
    func usingFailures() {
        var entries: [String] = []
        _ = Maybe<Int>.using(
            { Resource { entries.append("released") } },
            primitiveSequenceFactory: { _ in
                throw testError
            }
        ).subscribe { entries.append(describe($0)) }
        #expect(entries == ["error(TestError(1))", "released"])

        let scheduler = TestScheduler(initialClock: 0)
        var released: [TestTime] = []
        let res = scheduler.start(disposed: 250) {
            Completable.using(
                { Resource { released.append(scheduler.clock) } },
                primitiveSequenceFactory: { _ in
                    Completable.never()
                })
        }
        #expect(res.events.isEmpty)
        #expect(released == [250])
    }

    @Test("Maybe.ifEmpty(default:) gives a Single of the element or of the default")
    func maybeIfEmptyDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(220, Int.self)])
        let res = scheduler.start { xs.asMaybe().ifEmpty(default: 5) }
        #expect(res.events == [.next(220, 5), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])

        var entries: [String] = []
        _ = Maybe.just(1).ifEmpty(default: 5).subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.error(testError).ifEmpty(default: 5).subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(1)", "failure(TestError(1))"])
    }

    @Test("Maybe.ifEmpty(switchTo:) a Maybe or a Single, subscribed only after an empty completion")
    func maybeIfEmptySwitch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(220, Int.self)])
        let other = scheduler.createColdObservable([.next(15, 9), .completed(15)])
        let res = scheduler.start { xs.asMaybe().ifEmpty(switchTo: other.asSingle()) }
        #expect(res.events == [.next(235, 9), .completed(235)])
        #expect(other.subscriptions == [Subscription(220, 235)])

        var entries: [String] = []
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(2)).subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe<Int>.empty()).subscribe { entries.append(describe($0)) }
        _ = Maybe.just(1).ifEmpty(switchTo: Maybe.just(2)).subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(3)).subscribe { entries.append(describe($0)) }
        _ = Maybe.just(1).ifEmpty(switchTo: Single<Int>.error(testError)).subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(2)", "completed", "success(1)", "success(3)", "success(1)"])
    }
}

@Suite("Completable concat and zip", .resourceBalanced)
struct CompletableCombiningTests {
    @Test("concat runs the completables one after the other")
    func concat() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(10, Never.self)])
        let second = scheduler.createColdObservable([.completed(20, Never.self)])
        let third = scheduler.createColdObservable([.completed(5, Never.self)])
        let res = scheduler.start {
            Completable.concat(first.asCompletable(), second.asCompletable(), third.asCompletable())
        }
        #expect(res.events == [.completed(235)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(210, 230)])
        #expect(third.subscriptions == [Subscription(230, 235)])
    }

    @Test("concat: the first error ends it; later completables are never subscribed")
    func concatError() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.error(10, testError, Never.self)])
        let second = scheduler.createColdObservable([.completed(20, Never.self)])
        let res = scheduler.start { first.asCompletable().concat(second.asCompletable()) }
        #expect(res.events == [.error(210, testError)])
        #expect(second.subscriptions.isEmpty)
    }

    @Test("concat of an array, a lazy sequence and the instance form")
    func concatForms() {
        var entries: [String] = []
        let parts: [Completable] = [.empty(), .empty()]
        _ = Completable.concat(parts).subscribe { entries.append(describe($0)) }
        _ = Completable.concat(parts.lazy.map { $0 }).subscribe { entries.append(describe($0)) }
        _ = Completable.empty().concat(.error(testError)).subscribe { entries.append(describe($0)) }
        _ = Completable.concat([Completable]()).subscribe { entries.append(describe($0)) }
        #expect(entries == ["completed", "completed", "error(TestError(1))", "completed"])
    }

    @Test("zip runs them together and completes after the last one")
    func zip() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(30, Never.self)])
        let second = scheduler.createColdObservable([.completed(10, Never.self)])
        let res = scheduler.start { Completable.zip(first.asCompletable(), second.asCompletable()) }
        #expect(res.events == [.completed(230)])
        #expect(first.subscriptions == [Subscription(200, 230)])
        #expect(second.subscriptions == [Subscription(200, 210)])
    }

    @Test("zip: the first error fails it at once and disposes the others")
    func zipError() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(30, Never.self)])
        let second = scheduler.createColdObservable([.error(10, testError, Never.self)])
        let res = scheduler.start { Completable.zip([first.asCompletable(), second.asCompletable()]) }
        #expect(res.events == [.error(210, testError)])
        #expect(first.subscriptions == [Subscription(200, 210)])
    }

    @Test("zip of a collection and of nothing; the deprecated merge forwards to zip")
    @available(*, deprecated)
    func zipForms() {
        var entries: [String] = []
        let parts: ArraySlice<Completable> = [.empty(), .empty(), .error(testError)][0...]
        _ = Completable.zip(parts).subscribe { entries.append(describe($0)) }
        _ = Completable.zip([Completable]()).subscribe { entries.append(describe($0)) }
        _ = Completable.merge(Completable.empty(), Completable.empty()).subscribe { entries.append(describe($0)) }
        _ = Completable.merge([Completable.error(testError)]).subscribe { entries.append(describe($0)) }
        _ = Completable.merge(parts.dropLast()).subscribe { entries.append(describe($0)) }
        #expect(entries == ["error(TestError(1))", "completed", "completed", "error(TestError(1))", "completed"])
    }
}
