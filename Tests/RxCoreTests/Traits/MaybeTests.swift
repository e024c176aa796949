import RxCore
import RxTest
import Testing

@Suite("Maybe", .resourceBalanced)
struct MaybeTests {
    @Test("create: success, completed and error map to the observable events")
    func create() {
        func make(_ event: MaybeEvent<Int>) -> Maybe<Int> {
            Maybe.create { maybe in
                maybe(event)
                maybe(.success(99))
                return Disposables.create()
            }
        }
        #expect(TestScheduler(initialClock: 0).start { make(.success(1)) }.events == [.next(200, 1), .completed(200)])
        #expect(TestScheduler(initialClock: 0).start { make(.completed) }.events == [.completed(200)])
        #expect(TestScheduler(initialClock: 0).start { make(.error(testError)) }.events == [.error(200, testError)])
    }

    @Test("subscribe(onSuccess:onError:onCompleted:onDisposed:) for each outcome")
    func subscribeClosures() {
        var entries: [String] = []
        func watch(_ maybe: Maybe<Int>) {
            _ = maybe.subscribe(
                onSuccess: { entries.append("success(\($0))") },
                onError: { entries.append("error(\($0))") },
                onCompleted: { entries.append("completed") },
                onDisposed: { entries.append("disposed") }
            )
        }
        watch(.just(1))
        watch(.empty())
        watch(.error(testError))
        #expect(entries == ["success(1)", "disposed", "completed", "disposed", "error(TestError(1))", "disposed"])
    }

    @Test("subscribe(_:) on virtual time: asMaybe of a hot source")
    func subscribeEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(240)])
        let entries = recordTrait(scheduler) { record in
            xs.asMaybe().subscribe { record(describe($0)) }
        }
        #expect(entries == ["240 success(2)"])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("disposed early: only onDisposed runs")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let entries = recordTrait(scheduler, disposed: 250) { record in
            xs.asMaybe().subscribe(onSuccess: { record("success(\($0))") }, onDisposed: { record("disposed") })
        }
        #expect(entries == ["250 disposed"])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("just, empty, error and never")
    func factories() {
        #expect(TestScheduler(initialClock: 0).start { Maybe.just(1) }.events == [.next(200, 1), .completed(200)])
        #expect(TestScheduler(initialClock: 0).start { Maybe<Int>.empty() }.events == [.completed(200)])
        #expect(TestScheduler(initialClock: 0).start { Maybe<Int>.error(testError) }.events == [.error(200, testError)])
        #expect(TestScheduler(initialClock: 0).start { Maybe<Int>.never() }.events.isEmpty)
    }

    @Test("subscribe(with:) passes the object while it lives")
    func subscribeWithObject() {
        final class Owner { var entries: [String] = [] }
        let owner = Owner()
        _ = Maybe.just(4).subscribe(with: owner, onSuccess: { $0.entries.append("success(\($1))") })
        _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { $0.entries.append("completed") })
        #expect(owner.entries == ["success(4)", "completed"])
    }
}
