import RxCore
import RxTest
import Testing

@Suite("Trait catch and retry", .resourceBalanced)
struct TraitErrorHandlingTests {
    @Test("catch switches to the replacement single at the failure time")
    func catchSwitches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(230, testError, Int.self)])
        let ys = scheduler.createColdObservable([.next(20, 7), .completed(20)])
        let res = scheduler.start { xs.asSingle().catch { _ in ys.asSingle() } }
        #expect(res.events == [.next(250, 7), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
    }

    @Test("catch: a success passes; a throwing handler fails with its error")
    func catchOutcomes() {
        var entries: [String] = []
        _ = Single.just(1).catch { _ in .just(2) }.subscribe { entries.append(describe($0)) }
        _ = Single<Int>.error(testError).catch { _ in throw testError2 }.subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.error(testError).catch { _ in .empty() }.subscribe { entries.append(describe($0)) }
        _ = Completable.error(testError).catch { _ in .empty() }.subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(1)", "failure(TestError(2))", "completed", "completed"])
    }

    @Test("catchAndReturn on Single and Maybe")
    func catchAndReturn() {
        var entries: [String] = []
        _ = Single<Int>.error(testError).catchAndReturn(5).subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.error(testError).catchAndReturn(6).subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.empty().catchAndReturn(6).subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(5)", "success(6)", "completed"])
    }

    @Test("retry resubscribes a cold single until it succeeds or the attempts run out")
    func retry() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, testError, Int.self)])
        let res = scheduler.start { xs.asSingle().retry(3) }
        #expect(res.events == [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])

        var attempts = 0
        let flaky = Single<Int>.create { single in
            attempts += 1
            single(attempts < 3 ? .failure(testError) : .success(attempts))
            return Disposables.create()
        }
        var entries: [String] = []
        _ = flaky.retry(5).subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(3)"])
    }

    @Test("retry(when:) resubscribes on each trigger element")
    func retryWhen() {
        var attempts = 0
        let flaky = Single<Int>.create { single in
            attempts += 1
            single(attempts < 2 ? .failure(testError) : .success(attempts))
            return Disposables.create()
        }
        var entries: [String] = []
        _ = flaky.retry(when: { (errors: Observable<Error>) in errors.map { _ in () } })
            .subscribe { entries.append(describe($0)) }
        var failures = 0
        _ = Single<Int>.deferred {
            failures += 1
            return .error(TestError(code: failures))
        }
        .retry(when: { (errors: Observable<TestError>) in
            errors.flatMap { error in error.code < 2 ? Observable.just(()) : Observable.error(error) }
        })
        .subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(2)", "failure(TestError(2))"])
    }

    @Test("the deprecated spellings forward to the new operators")
    @available(*, deprecated)
    func deprecatedSpellings() {
        var entries: [String] = []
        _ = Single<Int>.error(testError).catchError { _ in .just(1) }.subscribe { entries.append(describe($0)) }
        _ = Single<Int>.error(testError).catchErrorJustReturn(2).subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.error(testError).catchErrorJustReturn(3).subscribe { entries.append(describe($0)) }
        _ = Single.just(4).observeOn(CurrentThreadScheduler.instance).subscribeOn(CurrentThreadScheduler.instance)
            .retryWhen { (errors: Observable<Error>) in errors }
            .subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(1)", "success(2)", "success(3)", "success(4)"])
    }
}
