import RxCore
import RxTest
import Testing

@Suite("skip(until:)", .resourceBalanced)
struct SkipUntilTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    @Test("passes the source's elements once the trigger emits; the trigger is then unsubscribed")
    func someDataNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [.next(230, 4), .next(240, 5), .completed(250)])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("an error from the trigger ends the result and both subscriptions")
    func someDataError() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [.error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("an error from the source is passed on while the gate is closed")
    func errorSomeData() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(220, testError)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(250)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [.error(220, testError)])
        #expect(l.subscriptions == [Subscription(200, 220)])
        #expect(r.subscriptions == [Subscription(200, 220)])
    }

    @Test("a trigger that completes without an element keeps the gate closed")
    func someDataEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events.isEmpty)
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("a source that never emits gives nothing even after the trigger")
    func neverNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 2), .completed(250)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events.isEmpty)
        #expect(l.subscriptions == [Subscription(200, 1000)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("a trigger error ends a silent source too")
    func neverError() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [.error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test("a source that completes while the gate is closed ends without a completion, unsubscribing the trigger")
    func completesBeforeTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(150, 1), .error(300, testError)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events.isEmpty)
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 250)])
    }

    @Test("neither side ending keeps both subscribed until disposal")
    func neverNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events.isEmpty)
        #expect(l.subscriptions == [Subscription(200, 1000)])
        #expect(r.subscriptions == [Subscription(200, 1000)])
    }

    @Test("the source's completion disposes the trigger subscription")
    func completionDisposesTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        var triggerDisposed = false
        let l = Self.source(scheduler)
        let r = Observable<Int>.create { _ in
            Disposables.create { triggerDisposed = true }
        }
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events.isEmpty)
        #expect(triggerDisposed)
    }

    @Test("disposing early unsubscribes from both")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = Self.source(scheduler)
        let r = scheduler.createHotObservable([.next(215, 0)])
        let res = scheduler.start(disposed: 235) { l.skip(until: r) }
        #expect(res.events == [.next(220, 3), .next(230, 4)])
        #expect(l.subscriptions == [Subscription(200, 235)])
        #expect(r.subscriptions == [Subscription(200, 215)])
    }

    @Test("the source is subscribed before the trigger")
    func subscriptionOrder() {
        var log: [String] = []
        let source = Observable<Int>.create { _ in
            log.append("source subscribed")
            return Disposables.create { log.append("source disposed") }
        }
        let trigger = Observable<Int>.create { _ in
            log.append("trigger subscribed")
            return Disposables.create { log.append("trigger disposed") }
        }
        source.skip(until: trigger).subscribe().dispose()
        #expect(log == ["source subscribed", "trigger subscribed", "source disposed", "trigger disposed"])
    }

    @Test("a trigger that emits while being subscribed opens the gate for the queued source elements")
    func synchronousTrigger() {
        // `of` queues its elements on the current-thread trampoline, so the trigger's
        // synchronous element comes first, as in RxSwift.
        #expect(
            synchronousEvents(Observable.of(1, 2, 3).skip(until: Observable.just(0)))
                == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("book chapter 5: skipUntil (the deprecated spelling)")
    @available(*, deprecated, message: "exercises skipUntil(_:)")
    func bookSkipUntil() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "skipUntil") {
            let disposeBag = DisposeBag()

            // 1
            let subject = PublishSubject<String>()
            let trigger = PublishSubject<String>()

            // 2
            subject
                .skipUntil(trigger)
                .subscribe(onNext: {
                    print($0)
                })
                .disposed(by: disposeBag)

            subject.onNext("A")
            subject.onNext("B")

            trigger.onNext("X")

            subject.onNext("C")
        }

        #expect(
            console.text == """

                --- Example of: skipUntil ---
                C

                """)
    }

    @Test("book chapter 5: skipUntil, with the RxSwift 6 spelling skip(until:)")
    func bookSkipUntilRenamed() {
        var printed: [String] = []
        let disposeBag = DisposeBag()
        let subject = PublishSubject<String>()
        let trigger = PublishSubject<String>()
        subject
            .skip(until: trigger)
            .subscribe(onNext: { printed.append($0) })
            .disposed(by: disposeBag)
        subject.onNext("A")
        subject.onNext("B")
        #expect(printed.isEmpty)
        trigger.onNext("X")
        #expect(!trigger.hasObservers)
        subject.onNext("C")
        #expect(printed == ["C"])
    }
}
