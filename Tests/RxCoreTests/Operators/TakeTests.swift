import RxCore
import RxTest
import Testing

@Suite("take(_ count:)", .resourceBalanced)
struct TakeCountTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    @Test("takes the first elements and completes with the last of them, unsubscribing")
    func some() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(3) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a count equal to the number of elements completes with the last element")
    func exact() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(4) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("a count past the end passes everything and the source's completion")
    func more() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(10) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a count of zero completes at once without subscribing to the source")
    func zero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(0) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions.isEmpty)
    }

    @Test("an error before the count is reached is passed on")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError), .next(230, 4)])
        let res = scheduler.start { xs.take(3) }
        #expect(res.events == [.next(210, 2), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error after the count is reached is never seen")
    func errorAfterCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, testError)])
        let res = scheduler.start { xs.take(2) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing early stops the elements and unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 225) { xs.take(3) }
        #expect(res.events == [.next(210, 2), .next(220, 3)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test("the count is decremented before forwarding, so a reentrant element is not taken")
    func decrementsFirst() {
        let subject = PublishSubject<Int>()
        var received: [Event<Int>] = []
        let subscription = subject.take(1).subscribe { event in
            received.append(event)
            if case .next(let value) = event, value == 1 {
                subject.onNext(2)
            }
        }
        subject.onNext(1)
        #expect(received == [.next(1), .completed])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test("take(1) of an endless synchronous source stops it")
    func endlessSource() {
        #expect(synchronousEvents(Observable.repeatElement(7).take(3)) == [.next(7), .next(7), .next(7), .completed])
    }

    // Exit tests came with Swift 6.2; the package declares 6.1.
    #if compiler(>=6.2)
    @Test("a negative count stops the program, as in RxSwift")
    func negativeCount() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable.of(1, 2).take(-1)
        }
    }
    #endif

    @Test("book chapter 5: take")
    func bookTake() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "take") {
            let disposeBag = DisposeBag()

            // 1
            Observable.of(1, 2, 3, 4, 5, 6)
                // 2
                .take(3)
                .subscribe(onNext: {
                    print($0)
                })
                .disposed(by: disposeBag)
        }

        // The chapter's excerpt ends before showing this output; `take(3)` keeps 1, 2 and 3.
        #expect(
            console.text == """

                --- Example of: take ---
                1
                2
                3

                """)
    }
}

@Suite("take(for:scheduler:)", .resourceBalanced)
struct TakeTimeTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    @Test("passes the elements until the timer fires, then completes and unsubscribes")
    func some() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test("a zero duration completes on the next tick")
    func zero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
        #expect(res.events == [.completed(201)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test("a duration longer than the source passes everything and the source's completion")
    func late() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an error inside the window is passed on")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("a source that never emits completes when the timer fires")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.take(for: .milliseconds(50_000), scheduler: scheduler) }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("two windows in a row: the shorter one wins")
    func twice() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(260),
        ])
        let res = scheduler.start {
            xs.take(for: .seconds(55), scheduler: scheduler).take(for: .seconds(35), scheduler: scheduler)
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }

    @Test("disposing early unsubscribes and cancels the timer")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 215) { xs.take(for: .seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test("the deprecated take(_:scheduler:) is the same operator")
    @available(*, deprecated, message: "exercises take(_:scheduler:)")
    func deprecatedSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(.seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }
}
