import RxCore
import RxTest
import Testing

@Suite("Infallible", .resourceBalanced)
struct InfallibleTests {
    @Test("create: elements then the completion; events after it are ignored")
    func create() {
        var disposed = 0
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.next(2))
                observer(.completed)
                observer(.next(3))
                return Disposables.create { disposed += 1 }
            }
        }
        #expect(res.events == [.next(200, 1), .next(200, 2), .completed(200)])
        #expect(disposed == 1)
    }

    @Test("create on virtual time; disposed early stops the events")
    func createDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let res = scheduler.start(disposed: 235) {
            Infallible<Int>.create { observer in
                xs.subscribe(onNext: { observer(.next($0)) }, onCompleted: { observer(.completed) })
            }
        }
        #expect(res.events == [.next(210, 1), .next(230, 2)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }

    @Test("just, of, from, from(optional:), empty and never")
    func factories() {
        #expect(TestScheduler(initialClock: 0).start { Infallible.just(1) }.events == [.next(200, 1), .completed(200)])
        #expect(synchronousEvents(Infallible.of(1, 2, 3)) == [.next(1), .next(2), .next(3), .completed])
        #expect(synchronousEvents(Infallible.from(1...2)) == [.next(1), .next(2), .completed])
        #expect(synchronousEvents(Infallible.from(optional: 5)) == [.next(5), .completed])
        #expect(synchronousEvents(Infallible<Int>.from(optional: nil)) == [.completed])
        #expect(synchronousEvents(Infallible<Int>.empty()) == [.completed])
        #expect(TestScheduler(initialClock: 0).start { Infallible<Int>.never() }.events.isEmpty)
    }

    @Test("of(_:scheduler:) sends through the scheduler")
    func ofOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Infallible.of(1, 2, scheduler: scheduler) }
        #expect(res.events == [.next(201, 1), .next(202, 2), .completed(203)])
    }

    @Test("deferred calls its factory per subscription")
    func deferred() {
        var calls = 0
        let source = Infallible<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        #expect(synchronousEvents(source) == [.next(1), .completed])
        #expect(synchronousEvents(source) == [.next(2), .completed])
    }

    @Test("subscribe(onNext:onCompleted:onDisposed:) and subscribe(_:)")
    func subscribe() {
        var entries: [String] = []
        _ = Infallible.of(1, 2).subscribe(
            onNext: { entries.append("next(\($0))") },
            onCompleted: { entries.append("completed") },
            onDisposed: { entries.append("disposed") }
        )
        _ = Infallible.just(3).subscribe { entries.append("\($0)") }
        #expect(entries == ["next(1)", "next(2)", "completed", "disposed", "next(3)", "completed"])
    }

    @Test("subscribe(with:) passes the object while it lives")
    func subscribeWithObject() {
        final class Owner { var entries: [String] = [] }
        let owner = Owner()
        _ = Infallible.of(1, 2).subscribe(
            with: owner,
            onNext: { $0.entries.append("\($1)") },
            onCompleted: { $0.entries.append("done") }
        )
        #expect(owner.entries == ["1", "2", "done"])
    }

    @Test("map, compactMap and filter on virtual time")
    func operators() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "4"), .completed(250)])
        let source = Infallible<String>.create { observer in
            xs.subscribe(onNext: { observer(.next($0)) }, onCompleted: { observer(.completed) })
        }
        let res = scheduler.start { source.compactMap { Int($0) }.map { $0 * 10 }.filter { $0 > 10 } }
        #expect(res.events == [.next(230, 40), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("flatMap merges the inner infallibles and completes after all of them")
    func flatMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let innerInfallible = Infallible<Int>.create { observer in
            inner.subscribe(onNext: { observer(.next($0)) }, onCompleted: { observer(.completed) })
        }
        let res = scheduler.start {
            Infallible.of(100, 200).flatMap { base in innerInfallible.map { base + $0 } }
        }
        #expect(res.events == [.next(210, 101), .next(210, 201), .next(230, 102), .next(230, 202), .completed(240)])
        #expect(inner.subscriptions == [Subscription(200, 240), Subscription(200, 240)])
    }

    @Test("asObservable gives the events to the observable operators")
    func asObservable() {
        #expect(synchronousEvents(Infallible.of(1, 2, 3).asObservable().take(2)) == [.next(1), .next(2), .completed])
    }
}

@Suite("asInfallible", .resourceBalanced)
struct AsInfallibleTests {
    @Test("onErrorJustReturn: the element and the completion replace the error")
    func justReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: -1) }
        #expect(res.events == [.next(210, 1), .next(230, -1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("onErrorFallbackTo: the fallback runs after the error")
    func fallback() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: .of(8, 9)) }
        #expect(res.events == [.next(210, 1), .next(230, 8), .next(230, 9), .completed(230)])
    }

    @Test("onErrorRecover: the recovery sees the error")
    func recover() {
        var seen: [String] = []
        let res = synchronousEvents(
            Observable<Int>.error(testError2).asInfallible(onErrorRecover: { error in
                seen.append("\(error)")
                return .just(0)
            })
        )
        #expect(res == [.next(0), .completed])
        #expect(seen == ["TestError(2)"])
    }

    @Test("a source without error passes unchanged; disposed early unsubscribes")
    func noError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.asInfallible(onErrorJustReturn: -1) }
        #expect(res.events == [.next(210, 1), .next(240, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}
