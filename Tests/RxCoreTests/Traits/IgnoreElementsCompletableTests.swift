import RxCore
import RxTest
import Testing

/// `ignoreElements()` has two overloads: a `Completable` (favoured) and RxSwift 6's
/// `Observable<Never>` (chosen where the context asks for an observable).
@Suite("ignoreElements as Completable", .resourceBalanced)
struct IgnoreElementsCompletableTests {
    @Test("without context the result is a Completable, and andThen follows directly")
    func favouredCompletable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let res = scheduler.start { () -> Observable<String> in
            let done = xs.ignoreElements()
            let typed: Completable = done
            return typed.andThen(ys.asObservable())
        }
        #expect(res.events == [.next(240, "a"), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
    }

    @Test("andThen chains off ignoreElements() with no conversion, to every trait")
    func andThenToEachTrait() {
        var entries: [String] = []
        _ = Observable.of(1, 2).ignoreElements().andThen(Single.just(3))
            .subscribe { entries.append(describe($0)) }
        _ = Observable.of(1, 2).ignoreElements().andThen(Maybe<Int>.empty())
            .subscribe { entries.append(describe($0)) }
        _ = Observable.of(1, 2).ignoreElements().andThen(Completable.empty())
            .subscribe { entries.append(describe($0)) }
        _ = Observable<Int>.error(testError).ignoreElements().andThen(Single.just(3))
            .subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(3)", "completed", "completed", "failure(TestError(1))"])
    }

    @Test("where an observable is expected the Observable<Never> overload is chosen")
    func disfavouredObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let stops: Observable<Never> = xs.ignoreElements()
        let res = scheduler.start { stops }
        #expect(res.events == [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])

        let observer = TestScheduler(initialClock: 0).createObserver(Never.self)
        _ = Observable<Int>.empty().ignoreElements().subscribe(observer)
        #expect(observer.events == [.completed(0)])
    }

    @Test("scheduler.start { xs.ignoreElements() } still type-checks and records the stop event")
    func startClosure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.ignoreElements() }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("disposing the completable early unsubscribes the source")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let entries = recordTrait(scheduler, disposed: 250) { record in
            xs.ignoreElements().subscribe(onCompleted: { record("completed") }, onDisposed: { record("disposed") })
        }
        #expect(entries == ["250 disposed"])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}
