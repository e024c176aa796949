import RxCore
import RxTest
import Testing

@Suite("Completable", .resourceBalanced)
struct CompletableTests {
    @Test("create: completed and error map to the observable events; later calls are ignored")
    func create() {
        func make(_ event: CompletableEvent) -> Completable {
            Completable.create { completable in
                completable(event)
                completable(.error(testError2))
                return Disposables.create()
            }
        }
        #expect(TestScheduler(initialClock: 0).start { make(.completed) }.events == [.completed(200)])
        #expect(TestScheduler(initialClock: 0).start { make(.error(testError)) }.events == [.error(200, testError)])
    }

    @Test("subscribe(onCompleted:onError:onDisposed:) for each outcome")
    func subscribeClosures() {
        var entries: [String] = []
        func watch(_ completable: Completable) {
            _ = completable.subscribe(
                onCompleted: { entries.append("completed") },
                onError: { entries.append("error(\($0))") },
                onDisposed: { entries.append("disposed") }
            )
        }
        watch(.empty())
        watch(.error(testError))
        #expect(entries == ["completed", "disposed", "error(TestError(1))", "disposed"])
    }

    @Test("subscribe(_:) on virtual time: the completion of ignoreElements")
    func subscribeEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(260)])
        let entries = recordTrait(scheduler) { record in
            xs.ignoreElements().asCompletable().subscribe { record(describe($0)) }
        }
        #expect(entries == ["260 completed"])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("empty, error and never")
    func factories() {
        #expect(TestScheduler(initialClock: 0).start { Completable.empty() }.events == [.completed(200)])
        let failing = TestScheduler(initialClock: 0).start { Completable.error(testError) }
        #expect(failing.events == [.error(200, testError)])
        #expect(TestScheduler(initialClock: 0).start { Completable.never() }.events.isEmpty)
    }

    @Test("subscribe(with:) passes the object while it lives")
    func subscribeWithObject() {
        final class Owner { var entries: [String] = [] }
        let owner = Owner()
        _ = Completable.empty().subscribe(with: owner, onCompleted: { $0.entries.append("completed") })
        _ = Completable.error(testError).subscribe(with: owner, onError: { $0.entries.append("error(\($1))") })
        #expect(owner.entries == ["completed", "error(TestError(1))"])
    }
}

@Suite("Completable.andThen", .resourceBalanced)
struct AndThenTests {
    @Test("the second sequence is subscribed when the completable completes")
    func toObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.completed(230, Never.self)])
        let second = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let res = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
        #expect(res.events == [.next(240, 1), .next(250, 2), .completed(260)])
        #expect(first.subscriptions == [Subscription(200, 230)])
        #expect(second.subscriptions == [Subscription(230, 260)])
    }

    @Test("an error from the completable ends it without subscribing the second")
    func firstFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.error(230, testError, Never.self)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let res = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
        #expect(res.events == [.error(230, testError)])
        #expect(second.subscriptions.isEmpty)
    }

    @Test("an error from the second is passed on")
    func secondFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.completed(230, Never.self)])
        let second = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
        #expect(res.events == [.next(240, 1), .error(250, testError)])
        #expect(second.subscriptions == [Subscription(230, 250)])
    }

    @Test("disposed early: whichever sequence is running is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.completed(230, Never.self)])
        let second = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
        let res = scheduler.start(disposed: 260) { first.asCompletable().andThen(second.asObservable()) }
        #expect(res.events == [.next(240, 1)])
        #expect(first.subscriptions == [Subscription(200, 230)])
        #expect(second.subscriptions == [Subscription(230, 260)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let never = scheduler2.createHotObservable([Recorded<Event<Never>>]())
        let other = scheduler2.createColdObservable([.next(10, 1), .completed(30)])
        _ = scheduler2.start(disposed: 260) { never.asCompletable().andThen(other.asObservable()) }
        #expect(never.subscriptions == [Subscription(200, 260)])
        #expect(other.subscriptions.isEmpty)
    }

    @Test("to Single, Maybe and Completable")
    func toTraits() {
        var entries: [String] = []
        _ = Completable.empty().andThen(Single.just(1)).subscribe { entries.append(describe($0)) }
        _ = Completable.empty().andThen(Maybe<Int>.empty()).subscribe { entries.append(describe($0)) }
        _ = Completable.empty().andThen(Completable.error(testError)).subscribe { entries.append(describe($0)) }
        _ = Completable.error(testError).andThen(Single.just(1)).subscribe { entries.append(describe($0)) }
        #expect(entries == ["success(1)", "completed", "error(TestError(1))", "failure(TestError(1))"])
    }

    @Test("book chapter 4: saveDocument().andThen(...) falls through to onError")
    func bookSaveDocument() {
        var shown: [String] = []
        func saveDocument(failing: Bool) -> Completable {
            failing ? .error(testError) : .empty()
        }
        for failing in [false, true] {
            _ = saveDocument(failing: failing)
                .andThen(Observable.from(["Saved"]))
                .subscribe(
                    onNext: { message in
                        shown.append(message)
                    },
                    onError: { e in
                        shown.append("alert: \(e)")
                    })
        }
        #expect(shown == ["Saved", "alert: TestError(1)"])
    }
}
