import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite("Single and Maybe operators", .resourceBalanced)
struct TraitOperatorsTests {
    private static func hotSingle(
        _ scheduler: TestScheduler,
        _ value: Int,
        at time: TestTime
    ) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(time, value), .completed(time)])
    }

    @Test("Single.map transforms the success; a throwing transform fails it")
    func singleMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.hotSingle(scheduler, 3, at: 220)
        #expect(scheduler.start { xs.asSingle().map { $0 * 2 } }.events == [.next(220, 6), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = Self.hotSingle(scheduler2, 3, at: 220)
        let res = scheduler2.start { ys.asSingle().map { _ -> Int in throw testError } }
        #expect(res.events == [.error(220, testError)])
    }

    @Test("Single.compactMap and filter give a Maybe")
    func singleToMaybe() {
        var entries: [String] = []
        _ = Single.just("4").compactMap { Int($0) }.subscribe { entries.append(describe($0)) }
        _ = Single.just("x").compactMap { Int($0) }.subscribe { entries.append(describe($0)) }
        _ = Single.just(4).filter { $0.isMultiple(of: 2) }.subscribe { entries.append(describe($0)) }
        _ = Single.just(3).filter { $0.isMultiple(of: 2) }.subscribe { entries.append(describe($0)) }
        _ = Single.just(3).filter { _ in throw testError }.subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(4)", "completed", "success(4)", "completed", "error(TestError(1))"])
    }

    @Test("Single.flatMap waits for the inner single on virtual time")
    func singleFlatMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.hotSingle(scheduler, 3, at: 220)
        let inner = scheduler.createColdObservable([.next(30, 30), .completed(30)])
        let res = scheduler.start { xs.asSingle().flatMap { _ in inner.asSingle() } }
        #expect(res.events == [.next(250, 30), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(inner.subscriptions == [Subscription(220, 250)])
    }

    @Test("Single.flatMap: a throwing selector or a failing inner single fails the result")
    func singleFlatMapErrors() {
        var entries: [String] = []
        _ = Single.just(1).flatMap { _ -> Single<Int> in throw testError }.subscribe { entries.append(describe($0)) }
        _ = Single.just(1).flatMap { _ in Single<Int>.error(testError2) }.subscribe { entries.append(describe($0)) }
        _ = Single<Int>.error(testError).flatMap { Single.just($0) }.subscribe { entries.append(describe($0)) }
        #expect(entries == ["failure(TestError(1))", "failure(TestError(2))", "failure(TestError(1))"])
    }

    @Test("Single.flatMapMaybe and flatMapCompletable")
    func singleFlatMapToTraits() {
        var entries: [String] = []
        _ = Single.just(1).flatMapMaybe { Maybe.just($0 + 1) }.subscribe { entries.append(describe($0)) }
        _ = Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }.subscribe { entries.append(describe($0)) }
        _ = Single.just(1).flatMapCompletable { _ in Completable.empty() }.subscribe { entries.append(describe($0)) }
        _ = Single.just(1).flatMapCompletable { _ in Completable.error(testError) }
            .subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(2)", "completed", "completed", "error(TestError(1))"])
    }

    @Test("Maybe.map, compactMap, filter and flatMap; an empty maybe stays empty")
    func maybeOperators() {
        var entries: [String] = []
        _ = Maybe.just(2).map { $0 * 10 }.subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.empty().map { $0 * 10 }.subscribe { entries.append(describe($0)) }
        _ = Maybe.just("7").compactMap { Int($0) }.subscribe { entries.append(describe($0)) }
        _ = Maybe.just(3).filter { $0 > 5 }.subscribe { entries.append(describe($0)) }
        _ = Maybe.just(3).flatMap { Maybe.just($0 + 1) }.subscribe { entries.append(describe($0)) }
        _ = Maybe<Int>.empty().flatMap { Maybe.just($0 + 1) }.subscribe { entries.append(describe($0)) }
        _ = Maybe.just(3).map { _ -> Int in throw testError }.subscribe { entries.append(describe($0)) }
        #expect(
            entries == [
                "success(20)", "completed", "success(7)", "completed", "success(4)", "completed", "error(TestError(1))",
            ])
    }

    @Test("delay holds the success; an error passes at once")
    func delay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.hotSingle(scheduler, 3, at: 220)
        let res = scheduler.start { xs.asSingle().delay(.seconds(30), scheduler: scheduler) }
        // The observable delay sends the completion in its own scheduled step, one tick later.
        #expect(res.events == [.next(250, 3), .completed(251)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.error(220, testError, Int.self)])
        let failing = scheduler2.start { ys.asSingle().delay(.seconds(30), scheduler: scheduler2) }
        #expect(failing.events == [.error(220, testError)])
    }

    @Test("delaySubscription subscribes later")
    func delaySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 3), .completed(10)])
        let res = scheduler.start { xs.asSingle().delaySubscription(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(230, 3), .completed(230)])
        #expect(xs.subscriptions == [Subscription(220, 230)])
    }

    @Test("timeout fails with RxError.timeout, or switches to the other single")
    func timeout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.hotSingle(scheduler, 3, at: 300)
        let res = scheduler.start { xs.asSingle().timeout(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.error(250, RxError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = Self.hotSingle(scheduler2, 3, at: 300)
        let res2 = scheduler2.start { ys.asSingle().timeout(.seconds(50), other: .just(-1), scheduler: scheduler2) }
        #expect(res2.events == [.next(250, -1), .completed(250)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = Self.hotSingle(scheduler3, 3, at: 240)
        let inTime = scheduler3.start { zs.asSingle().timeout(.seconds(50), scheduler: scheduler3) }
        #expect(inTime.events == [.next(240, 3), .completed(240)])
    }

    @Test("do on each trait runs the handlers named after its events")
    func doHandlers() {
        var entries: [String] = []
        _ = Single.just(1)
            .do(
                onSuccess: { entries.append("onSuccess(\($0))") },
                afterSuccess: { entries.append("afterSuccess(\($0))") },
                onSubscribe: { entries.append("onSubscribe") },
                onSubscribed: { entries.append("onSubscribed") },
                onDispose: { entries.append("onDispose") }
            )
            .subscribe(onSuccess: { entries.append("success(\($0))") })
        _ = Maybe<Int>.empty()
            .do(onCompleted: { entries.append("onCompleted") }, afterCompleted: { entries.append("afterCompleted") })
            .subscribe(onCompleted: { entries.append("completed") })
        _ = Completable.error(testError)
            .do(onError: { entries.append("onError(\($0))") })
            .subscribe(onError: { entries.append("error(\($0))") })
        _ = Single.just(1)
            .do(onSuccess: { _ in throw testError2 })
            .subscribe(onFailure: { entries.append("failure(\($0))") })
        #expect(
            entries == [
                // `just` delivers during the subscription, so onSubscribed comes after the success.
                "onSubscribe", "onSuccess(1)", "success(1)", "afterSuccess(1)", "onSubscribed", "onDispose",
                "onCompleted", "completed", "afterCompleted",
                "onError(TestError(1))", "error(TestError(1))",
                "failure(TestError(2))",
            ])
    }

    @Test("subscribe(on:) and observe(on:) move the work to the scheduler")
    func schedulers() async throws {
        let queue = DispatchQueue(label: "traits.observe")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "traits.observe.internal")
        let done = DispatchSemaphore(value: 0)
        let seen = Locked<[String]>([])
        let subscription = Single.just(5)
            .subscribe(on: scheduler)
            .observe(on: scheduler)
            .subscribe(onSuccess: { value in
                seen.withLock { $0.append("success(\(value)) on queue: \(DispatchQueue.getSpecific(key: key) == 7)") }
                done.signal()
            })
        #expect(await done.waitOffPool())
        subscription.dispose()
        #expect(seen.withLock { $0 } == ["success(5) on queue: true"])
    }
}
