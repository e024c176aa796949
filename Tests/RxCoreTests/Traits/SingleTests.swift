import RxCore
import RxTest
import TestSupport
import Testing

@Suite("Single", .resourceBalanced)
struct SingleTests {
    @Test("create: a success arrives as next and completed at once")
    func createSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Single<Int>.create { single in
                single(.success(1))
                return Disposables.create()
            }
        }
        #expect(res.events == [.next(200, 1), .completed(200)])
    }

    @Test("create: a failure arrives as an error")
    func createFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Single<Int>.create { single in
                single(.failure(testError))
                return Disposables.create()
            }
        }
        #expect(res.events == [.error(200, testError)])
    }

    @Test("create: only the first event counts and the create disposable is disposed after it")
    func createGrammar() {
        var disposedCount = 0
        var events: [String] = []
        let single = Single<Int>.create { single in
            single(.success(1))
            single(.success(2))
            single(.failure(testError))
            return Disposables.create { disposedCount += 1 }
        }
        _ = single.subscribe { events.append(describe($0)) }
        #expect(events == ["success(1)"])
        #expect(disposedCount == 1)
    }

    @Test("create: events sent later on virtual time, and an early dispose runs the disposable")
    func createLater() {
        let scheduler = TestScheduler(initialClock: 0)
        var cancelledAt: [TestTime] = []
        let make = {
            Single<Int>.create { single in
                scheduler.scheduleAt(300) { single(.success(5)) }
                return Disposables.create { cancelledAt.append(scheduler.clock) }
            }
        }
        let finished = scheduler.start { make() }
        #expect(finished.events == [.next(300, 5), .completed(300)])
        #expect(cancelledAt == [300])

        let scheduler2 = TestScheduler(initialClock: 0)
        let makeAgain = {
            Single<Int>.create { single in
                scheduler2.scheduleAt(300) { single(.success(5)) }
                return Disposables.create { cancelledAt.append(scheduler2.clock) }
            }
        }
        let disposedEarly = scheduler2.start(disposed: 250) { makeAgain() }
        #expect(disposedEarly.events.isEmpty)
        #expect(cancelledAt == [300, 250])
    }

    @Test("subscribe(onSuccess:onFailure:onDisposed:): success, then disposed")
    func subscribeSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 7), .completed(220)])
        let entries = recordTrait(scheduler) { record in
            xs.asSingle().subscribe(
                onSuccess: { record("success(\($0))") },
                onFailure: { record("failure(\($0))") },
                onDisposed: { record("disposed") }
            )
        }
        #expect(entries == ["220 success(7)", "220 disposed"])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("subscribe(onSuccess:onFailure:onDisposed:): failure, then disposed")
    func subscribeFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(230, testError, Int.self)])
        let entries = recordTrait(scheduler) { record in
            xs.asSingle().subscribe(
                onSuccess: { record("success(\($0))") },
                onFailure: { record("failure(\($0))") },
                onDisposed: { record("disposed") }
            )
        }
        #expect(entries == ["230 failure(TestError(1))", "230 disposed"])
    }

    @Test("subscribe(onSuccess:onFailure:onDisposed:): disposed early runs only onDisposed")
    func subscribeDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 7), .completed(300)])
        let entries = recordTrait(scheduler, disposed: 250) { record in
            xs.asSingle().subscribe(
                onSuccess: { record("success(\($0))") },
                onFailure: { record("failure(\($0))") },
                onDisposed: { record("disposed") }
            )
        }
        #expect(entries == ["250 disposed"])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("subscribe(_:) delivers one SingleEvent")
    func subscribeEvent() {
        var events: [String] = []
        _ = Single.just(3).subscribe { events.append(describe($0)) }
        _ = Single<Int>.error(testError).subscribe { events.append(describe($0)) }
        #expect(events == ["success(3)", "failure(TestError(1))"])
    }

    @Test("a failure without onFailure goes to Hooks.defaultErrorHandler")
    func defaultErrorHandler() {
        let seen = Locked<[String]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in seen.withLock { $0.append("\(error)") } }
        defer { Hooks.defaultErrorHandler = previous }
        _ = Single<Int>.error(testError).subscribe(onSuccess: { _ in })
        #expect(seen.withLock { $0 } == ["TestError(1)"])
    }

    @Test("subscribe(with:) passes the object while it lives")
    func subscribeWithObject() {
        final class Owner { var received: [Int] = [] }
        let owner = Owner()
        _ = Single.just(4).subscribe(with: owner, onSuccess: { owner, value in owner.received.append(value) })
        #expect(owner.received == [4])
    }

    @Test("the deprecated subscribe(onSuccess:onError:) still works")
    @available(*, deprecated)
    func deprecatedOnError() {
        var errors: [String] = []
        _ = Single<Int>.error(testError).subscribe(onSuccess: { _ in }, onError: { errors.append("\($0)") })
        #expect(errors == ["TestError(1)"])
    }

    @Test("just, error and never")
    func factories() {
        #expect(TestScheduler(initialClock: 0).start { Single.just(1) }.events == [.next(200, 1), .completed(200)])
        let failing = TestScheduler(initialClock: 0).start { Single<Int>.error(testError) }
        #expect(failing.events == [.error(200, testError)])
        #expect(TestScheduler(initialClock: 0).start { Single<Int>.never() }.events.isEmpty)
    }

    @Test("just(_:scheduler:) delivers through the scheduler")
    func justOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1, scheduler: scheduler) }
        #expect(res.events == [.next(201, 1), .completed(202)])
    }

    @Test("deferred calls its factory per subscription; a thrown error fails the single")
    func deferred() {
        var calls = 0
        let single = Single<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        var events: [String] = []
        _ = single.subscribe { events.append(describe($0)) }
        _ = single.subscribe { events.append(describe($0)) }
        _ = Single<Int>.deferred { throw testError }.subscribe { events.append(describe($0)) }
        #expect(events == ["success(1)", "success(2)", "failure(TestError(1))"])
    }
}
