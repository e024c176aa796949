import RxCore
import RxTest
import Testing

@Suite("element(at:)", .resourceBalanced)
struct ElementAtTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    @Test("index 0 sends the first element after subscribing and completes with it")
    func first() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.element(at: 0) }
        #expect(res.events == [.next(210, 2), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test("a later index drops the elements before it")
    func middle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.element(at: 2) }
        #expect(res.events == [.next(230, 4), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("the last index completes with the last element, before the source completes")
    func last() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.element(at: 3) }
        #expect(res.events == [.next(240, 5), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("a source that completes before the index fails with argumentOutOfRange")
    func outOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.element(at: 4) }
        #expect(res.events == [.error(250, RxError.argumentOutOfRange)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an empty source fails with argumentOutOfRange, even for index 0")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.element(at: 0) }
        #expect(res.events == [.error(250, RxError.argumentOutOfRange)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an error before the index is passed on")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(220, 3), .error(230, testError), .next(240, 5),
        ])
        let res = scheduler.start { xs.element(at: 3) }
        #expect(res.events == [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("an error after the element is never seen")
    func errorAfterElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(220, 3), .error(230, testError),
        ])
        let res = scheduler.start { xs.element(at: 1) }
        #expect(res.events == [.next(220, 3), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposing before the index is reached sends nothing and unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 225) { xs.element(at: 2) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test("works on a synchronous source")
    func synchronousSource() {
        #expect(synchronousEvents(Observable.of("X", "Y", "Z").element(at: 1)) == [.next("Y"), .completed])
        #expect(synchronousEvents(Observable.of("X").element(at: 1)) == [.error(RxError.argumentOutOfRange)])
    }

    @Test("the subscription to the source ends as soon as the element is sent")
    func unsubscribesAtTheElement() {
        let strikes = PublishSubject<String>()
        var log: [String] = []
        let subscription = strikes.element(at: 1).subscribe(
            onNext: { log.append("next \($0) while subscribed: \(strikes.hasObservers)") },
            onCompleted: { log.append("completed") }
        )
        strikes.onNext("a")
        #expect(strikes.hasObservers)
        strikes.onNext("b")
        strikes.onNext("c")
        #expect(!strikes.hasObservers)
        #expect(log == ["next b while subscribed: true", "completed"])
        subscription.dispose()
    }

    // Exit tests came with Swift 6.2; the package declares 6.1.
    #if compiler(>=6.2)
    @Test("a negative index stops the program, as in RxSwift")
    func negativeIndex() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable.of(1, 2).element(at: -1)
        }
    }
    #endif

    @Test("book chapter 5: elementAt (the deprecated spelling)")
    @available(*, deprecated, message: "exercises elementAt(_:)")
    func bookElementAt() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "elementAt") {

            // 1
            let strikes = PublishSubject<String>()

            let disposeBag = DisposeBag()

            // 2
            strikes
                .elementAt(2)
                .subscribe(onNext: { _ in
                    print("You're out!")
                })
                .disposed(by: disposeBag)

            strikes.onNext("X")
            strikes.onNext("X")
            strikes.onNext("X")
        }

        #expect(
            console.text == """

                --- Example of: elementAt ---
                You're out!

                """)
    }

    @Test("book chapter 5: elementAt, with the RxSwift 6 spelling element(at:)")
    func bookElementAtRenamed() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "elementAt") {
            let strikes = PublishSubject<String>()
            let disposeBag = DisposeBag()
            strikes
                .element(at: 2)
                .subscribe(onNext: { _ in
                    print("You're out!")
                })
                .disposed(by: disposeBag)

            strikes.onNext("X")
            strikes.onNext("X")
            #expect(console.text == "\n--- Example of: elementAt ---\n")
            strikes.onNext("X")
            strikes.onNext("X")
        }

        #expect(console.text == "\n--- Example of: elementAt ---\nYou're out!\n")
    }
}
