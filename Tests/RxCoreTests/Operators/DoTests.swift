import RxCore
import RxTest
import Testing

@Suite("do", .resourceBalanced)
struct DoTests {
    private static func source(_ scheduler: TestScheduler, end: Recorded<Event<Int>> = .completed(250)) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), end,
        ])
    }

    private static let allElements: [Recorded<Event<Int>>] = [
        .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5),
    ]

    @Test("onNext sees every element once and passes them all through")
    func onNextSeesAllValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var count = 0
        var sum = 2 + 3 + 4 + 5
        let res = scheduler.start {
            xs.do(onNext: { element in
                count += 1
                sum -= element
            })
        }
        #expect(count == 4)
        #expect(sum == 0)
        #expect(res.events == Self.allElements + [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("onCompleted runs once on completion, onError not at all")
    func onCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var completions = 0
        var sawError = false
        let res = scheduler.start {
            xs.do(onError: { _ in sawError = true }, onCompleted: { completions += 1 })
        }
        #expect(completions == 1)
        #expect(!sawError)
        #expect(res.events == Self.allElements + [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a source that never ends calls nothing and stays subscribed until disposed")
    func completedNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        var calls = 0
        let res = scheduler.start {
            xs.do(onNext: { _ in calls += 1 }, onCompleted: { calls += 1 })
        }
        #expect(calls == 0)
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("onError sees the source's error, which passes through")
    func onError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler, end: .error(250, testError))
        var errors: [TestError] = []
        var count = 0
        let res = scheduler.start {
            xs.do(onNext: { _ in count += 1 }, onError: { errors.append($0 as? TestError ?? TestError(code: -1)) })
        }
        #expect(count == 4)
        #expect(errors == [testError])
        #expect(res.events == Self.allElements + [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a throwing onNext turns into an error and unsubscribes the source")
    func onNextThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var invocations = 0
        let res = scheduler.start {
            xs.do(onNext: { _ in
                if invocations > 2 { throw testError }
                invocations += 1
            })
        }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .error(240, testError)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(invocations == 3)
    }

    @Test("a throwing onError replaces the source's error")
    func onErrorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, testError)])
        let res = scheduler.start { xs.do(onError: { _ in throw testError2 }) }
        #expect(res.events == [.next(210, 2), .error(250, testError2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a throwing onCompleted turns the completion into its error")
    func onCompletedThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.do(onCompleted: { throw testError }) }
        #expect(res.events == Self.allElements + [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("the on handlers run before the observer, the after handlers right after it")
    func beforeAndAfterOrder() {
        var log: [String] = []
        _ = Observable.of(1, 2)
            .do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") }
            )
            .subscribe(onNext: { log.append("got \($0)") }, onCompleted: { log.append("completed") })
        #expect(
            log == [
                "onNext 1", "got 1", "afterNext 1",
                "onNext 2", "got 2", "afterNext 2",
                "onCompleted", "completed", "afterCompleted",
            ])
    }

    @Test("onError runs before the observer sees the error, afterError right after")
    func errorHandlersOrder() {
        var log: [String] = []
        _ = Observable<Int>.error(testError)
            .do(
                onError: { log.append("onError \($0)") },
                afterError: { log.append("afterError \($0)") }
            )
            .subscribe(onError: { log.append("got \($0)") })
        #expect(log == ["onError TestError(1)", "got TestError(1)", "afterError TestError(1)"])
    }

    @Test("a throwing afterNext sends the element, then its error, and unsubscribes")
    func afterNextThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start {
            xs.do(afterNext: { element in
                if element == 3 { throw testError }
            })
        }
        #expect(res.events == [.next(210, 2), .next(220, 3), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("afterCompleted and afterError cannot add a second stop event: what they throw is dropped")
    func afterStopThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = Self.source(scheduler)
        var disposals = 0
        let completed = scheduler.start {
            completing.do(afterCompleted: { throw testError2 }, onDispose: { disposals += 1 })
        }
        #expect(completed.events == Self.allElements + [.completed(250)])
        #expect(completing.subscriptions == [Subscription(200, 250)])

        let errorScheduler = TestScheduler(initialClock: 0)
        let failing = errorScheduler.createHotObservable([.next(210, 2), .error(260, testError)])
        let failed = errorScheduler.start {
            failing.do(afterError: { _ in throw testError2 }, onDispose: { disposals += 1 })
        }
        #expect(failed.events == [.next(210, 2), .error(260, testError)])
        #expect(failing.subscriptions == [Subscription(200, 260)])
        #expect(disposals == 2)
    }

    /// The lifecycle steps of the order tests.
    private enum Step: Equatable {
        case sourceSubscribe, sourceDispose
        case onNext, onCompleted, onError, onSubscribe, onSubscribed, onDispose
    }

    @Test("lifecycle order when the source completes later")
    func orderCompletedAsync() {
        var steps: [Step] = []
        let scheduler = TestScheduler(initialClock: 0)
        _ = scheduler.start {
            Observable<Int>.create { observer in
                steps.append(.sourceSubscribe)
                scheduler.scheduleAt(300) {
                    observer.onNext(0)
                    observer.onCompleted()
                }
                return Disposables.create { steps.append(.sourceDispose) }
            }
            .do(
                onNext: { _ in steps.append(.onNext) },
                onCompleted: { steps.append(.onCompleted) },
                onSubscribe: { steps.append(.onSubscribe) },
                onSubscribed: { steps.append(.onSubscribed) },
                onDispose: { steps.append(.onDispose) }
            )
        }
        #expect(steps == [.onSubscribe, .sourceSubscribe, .onSubscribed, .onNext, .onCompleted, .sourceDispose, .onDispose])
    }

    @Test("lifecycle order when the source completes while being subscribed")
    func orderCompletedSync() {
        var steps: [Step] = []
        let scheduler = TestScheduler(initialClock: 0)
        _ = scheduler.start {
            Observable<Int>.create { observer in
                steps.append(.sourceSubscribe)
                observer.onNext(0)
                observer.onCompleted()
                return Disposables.create { steps.append(.sourceDispose) }
            }
            .do(
                onNext: { _ in steps.append(.onNext) },
                onCompleted: { steps.append(.onCompleted) },
                onSubscribe: { steps.append(.onSubscribe) },
                onSubscribed: { steps.append(.onSubscribed) },
                onDispose: { steps.append(.onDispose) }
            )
        }
        #expect(steps == [.onSubscribe, .sourceSubscribe, .onNext, .onCompleted, .sourceDispose, .onSubscribed, .onDispose])
    }

    @Test("lifecycle order when the source fails while being subscribed")
    func orderError() {
        var steps: [Step] = []
        _ = Observable<Int>.create { observer in
            steps.append(.sourceSubscribe)
            observer.onNext(0)
            observer.onError(testError)
            return Disposables.create { steps.append(.sourceDispose) }
        }
        .do(
            onNext: { _ in steps.append(.onNext) },
            onError: { _ in steps.append(.onError) },
            onSubscribe: { steps.append(.onSubscribe) },
            onSubscribed: { steps.append(.onSubscribed) },
            onDispose: { steps.append(.onDispose) }
        )
        .subscribe { _ in }
        #expect(steps == [.onSubscribe, .sourceSubscribe, .onNext, .onError, .sourceDispose, .onSubscribed, .onDispose])
    }

    @Test("lifecycle order when the subscription is disposed: the source first, then onDispose")
    func orderDispose() {
        var steps: [Step] = []
        Observable<Int>.create { observer in
            steps.append(.sourceSubscribe)
            observer.onNext(0)
            return Disposables.create { steps.append(.sourceDispose) }
        }
        .do(
            onNext: { _ in steps.append(.onNext) },
            onSubscribe: { steps.append(.onSubscribe) },
            onSubscribed: { steps.append(.onSubscribed) },
            onDispose: { steps.append(.onDispose) }
        )
        .subscribe { _ in }
        .dispose()
        #expect(steps == [.onSubscribe, .sourceSubscribe, .onNext, .onSubscribed, .sourceDispose, .onDispose])
    }

    @Test("disposing early stops the events, unsubscribes the source and runs onDispose once, then")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var disposedAt: [Int] = []
        var seen: [Int] = []
        let res = scheduler.start(disposed: 225) {
            xs.do(onNext: { seen.append($0) }, onDispose: { disposedAt.append(scheduler.clock) })
        }
        #expect(res.events == [.next(210, 2), .next(220, 3)])
        #expect(seen == [2, 3])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(disposedAt == [225])
    }

    @Test("onDispose runs once after completion, and disposing afterwards does not run it again")
    func onDisposeAfterCompletion() {
        var disposals = 0
        let subscription = Observable.of(1, 2)
            .do(onDispose: { disposals += 1 })
            .subscribe()
        #expect(disposals == 1)
        subscription.dispose()
        #expect(disposals == 1)
    }

    @Test("each subscription runs onSubscribe and onSubscribed once")
    func subscribeHandlersPerSubscription() {
        var subscribes = 0
        var subscribeds = 0
        let observable = Observable.of(1).do(onSubscribe: { subscribes += 1 }, onSubscribed: { subscribeds += 1 })
        _ = observable.subscribe()
        _ = observable.subscribe()
        #expect(subscribes == 2)
        #expect(subscribeds == 2)
    }
}
