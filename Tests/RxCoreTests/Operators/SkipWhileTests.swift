import RxCore
import RxTest
import Testing

@Suite("skip(while:)", .resourceBalanced)
struct SkipWhileTests {
    private static func isPrime(_ value: Int) -> Bool {
        guard value >= 2 else { return false }
        var divisor = 2
        while divisor * divisor <= value {
            if value % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }

    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(90, -1), .next(110, -1), .next(205, 100), .next(210, 2), .next(260, 5), .next(290, 13),
            .next(320, 3), .next(350, 7), .next(390, 4), .next(410, 17), .completed(600),
        ])
    }

    @Test("skips while the predicate holds, then passes everything without asking again")
    func opens() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var invoked = 0
        let res = scheduler.start { () -> Observable<Int> in
            xs.skip(while: { value in
                invoked += 1
                return !Self.isPrime(value)
            })
        }
        #expect(
            res.events == [
                .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .next(390, 4),
                .next(410, 17), .completed(600),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(invoked == 2)
    }

    @Test("a source that completes while skipping sends only the completion")
    func completesWhileSkipping() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 4), .next(220, 6), .completed(230)])
        var invoked = 0
        let res = scheduler.start { () -> Observable<Int> in
            xs.skip(while: { value in
                invoked += 1
                return !Self.isPrime(value)
            })
        }
        #expect(res.events == [.completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(invoked == 2)
    }

    @Test("an error while skipping is passed on")
    func errorWhileSkipping() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 4), .error(220, testError)])
        let res = scheduler.start { xs.skip(while: { !Self.isPrime($0) }) }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("an error after the gate opened is passed on")
    func errorAfterOpening() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 4), .next(220, 5), .error(230, testError)])
        let res = scheduler.start { xs.skip(while: { !Self.isPrime($0) }) }
        #expect(res.events == [.next(220, 5), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a throwing predicate sends its error and unsubscribes")
    func predicateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        var invoked = 0
        let res = scheduler.start { () -> Observable<Int> in
            xs.skip(while: { value in
                invoked += 1
                if invoked == 2 { throw FilteringSupport.predicateError }
                return !Self.isPrime(value)
            })
        }
        #expect(res.events == [.error(210, FilteringSupport.predicateError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(invoked == 2)
    }

    @Test("disposing early stops the elements and unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 300) { xs.skip(while: { !Self.isPrime($0) }) }
        #expect(res.events == [.next(210, 2), .next(260, 5), .next(290, 13)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("book chapter 5: skipWhile (the deprecated spelling)")
    @available(*, deprecated, message: "exercises skipWhile(_:)")
    func bookSkipWhile() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "skipWhile") {
            let disposeBag = DisposeBag()

            // 1
            Observable.of(2, 2, 3, 4, 4)
                // 2
                .skipWhile { $0.isMultiple(of: 2) }
                .subscribe(onNext: {
                    print($0)
                })
                .disposed(by: disposeBag)
        }

        #expect(
            console.text == """

                --- Example of: skipWhile ---
                3
                4
                4

                """)
    }

    @Test("book chapter 5: skipWhile, with the RxSwift 6 spelling skip(while:)")
    func bookSkipWhileRenamed() {
        var printed: [Int] = []
        let disposeBag = DisposeBag()
        Observable.of(2, 2, 3, 4, 4)
            .skip(while: { $0.isMultiple(of: 2) })
            .subscribe(onNext: { printed.append($0) })
            .disposed(by: disposeBag)
        #expect(printed == [3, 4, 4])
    }
}
