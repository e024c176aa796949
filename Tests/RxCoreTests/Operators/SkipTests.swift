import RxCore
import RxTest
import Testing

@Suite("skip(_ count:)", .resourceBalanced)
struct SkipCountTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .next(250, 6), .completed(260),
        ])
    }

    @Test("drops the first elements after subscribing, then passes the rest")
    func some() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.skip(3) }
        #expect(res.events == [.next(240, 5), .next(250, 6), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("zero and negative counts drop nothing")
    func zeroAndNegative() {
        for count in [0, -2] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.source(scheduler)
            let res = scheduler.start { xs.skip(count) }
            #expect(
                res.events == [
                    .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .next(250, 6), .completed(260),
                ])
            #expect(xs.subscriptions == [Subscription(200, 260)])
        }
    }

    @Test("a count past the end leaves only the completion")
    func all() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.skip(5) }
        #expect(res.events == [.completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("an error is passed on, even while elements are still being skipped")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, testError)])
        let res = scheduler.start { xs.skip(3) }
        #expect(res.events == [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposing early stops the elements and unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 235) { xs.skip(1) }
        #expect(res.events == [.next(220, 3), .next(230, 4)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }

    @Test("each subscription counts on its own")
    func perSubscription() {
        let skipped = Observable.of(1, 2, 3).skip(2)
        #expect(synchronousEvents(skipped) == [.next(3), .completed])
        #expect(synchronousEvents(skipped) == [.next(3), .completed])
    }

    @Test("book chapter 5: skip")
    func bookSkip() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "skip") {
            let disposeBag = DisposeBag()

            // 1
            Observable.of("A", "B", "C", "D", "E", "F")
                // 2
                .skip(3)
                .subscribe(onNext: {
                    print($0)
                })
                .disposed(by: disposeBag)
        }

        #expect(
            console.text == """

                --- Example of: skip ---
                D
                E
                F

                """)
    }
}

@Suite("skip(_ duration:scheduler:)", .resourceBalanced)
struct SkipTimeTests {
    @Test("drops what arrives before the timer fires and passes the rest")
    func some() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(240),
        ])
        let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }
        #expect(res.events == [.next(220, 3), .next(230, 4), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("an element due at the same tick as the timer but scheduled first is still dropped")
    func sameTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(215, 1), .next(216, 2), .completed(220)])
        let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }
        #expect(res.events == [.next(216, 2), .completed(220)])
    }

    @Test("a zero duration opens on the next tick, before any later element")
    func zero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.skip(.seconds(0), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a duration longer than the source leaves only the completion")
    func late() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("the duration may be given in any unit")
    func milliseconds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let res = scheduler.start { xs.skip(.milliseconds(25_000), scheduler: scheduler) }
        #expect(res.events == [.next(230, 2), .completed(240)])
    }

    @Test("an error during the window is passed on")
    func errorDuringWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error after the window is passed on")
    func errorAfterWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .error(270, testError)])
        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(260, 2), .error(270, testError)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @Test("a source that never ends is unsubscribed when disposed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposing during the window unsubscribes and cancels the timer")
    func disposedInWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(270)])
        let res = scheduler.start(disposed: 230) { xs.skip(.seconds(50), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("each subscription has its own window")
    func windowPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4)])
        let skipped = xs.skip(.seconds(15), scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(skipped.subscribe(first)) }
        scheduler.scheduleAt(240) { subscriptions.append(skipped.subscribe(second)) }
        scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
        #expect(first.events == [.next(230, 2), .next(250, 3), .next(270, 4)])
        #expect(second.events == [.next(270, 4)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(240, 300)])
    }
}
