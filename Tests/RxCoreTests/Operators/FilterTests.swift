import RxCore
import RxTest
import Testing

@Suite("filter", .resourceBalanced)
struct FilterTests {
    private static func isPrime(_ value: Int) -> Bool {
        guard value >= 2 else { return false }
        var divisor = 2
        while divisor * divisor <= value {
            if value % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }

    @Test("passes the elements the predicate accepts, with their times")
    func complete() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5),
            .next(380, 6), .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10),
            .next(580, 11), .completed(600), .next(610, 12), .error(620, testError), .completed(630),
        ])
        let res = scheduler.start { () -> Observable<Int> in
            xs.filter { value in
                invoked += 1
                return Self.isPrime(value)
            }
        }
        #expect(
            res.events == [
                .next(230, 3), .next(340, 5), .next(390, 7), .next(580, 11), .completed(600),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(invoked == 9)
    }

    @Test("an error from the source is passed on and ends the subscription")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(230, 3), .next(270, 4), .next(340, 5), .error(600, testError), .next(610, 7),
        ])
        let res = scheduler.start { xs.filter { Self.isPrime($0) } }
        #expect(res.events == [.next(230, 3), .next(340, 5), .error(600, testError)])
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test("a throwing predicate sends its error and unsubscribes from the source")
    func predicateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        let xs = scheduler.createHotObservable([
            .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6), .next(390, 7), .completed(600),
        ])
        let res = scheduler.start { () -> Observable<Int> in
            xs.filter { value in
                invoked += 1
                if value > 5 { throw FilteringSupport.predicateError }
                return Self.isPrime(value)
            }
        }
        #expect(res.events == [.next(230, 3), .next(340, 5), .error(380, FilteringSupport.predicateError)])
        #expect(xs.subscriptions == [Subscription(200, 380)])
        #expect(invoked == 4)
    }

    @Test("disposing early stops the elements and unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        let xs = scheduler.createHotObservable([
            .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6), .next(390, 7), .completed(600),
        ])
        let res = scheduler.start(disposed: 385) { () -> Observable<Int> in
            xs.filter { value in
                invoked += 1
                return Self.isPrime(value)
            }
        }
        #expect(res.events == [.next(230, 3), .next(340, 5)])
        #expect(xs.subscriptions == [Subscription(200, 385)])
        #expect(invoked == 4)
    }

    @Test("book chapter 5: filter")
    func bookFilter() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "filter") {
            let disposeBag = DisposeBag()

            // 1
            Observable.of(1, 2, 3, 4, 5, 6)
                // 2
                .filter { $0.isMultiple(of: 2) }
                // 3
                .subscribe(onNext: {
                    print($0)
                })
                .disposed(by: disposeBag)
        }

        #expect(
            console.text == """

                --- Example of: filter ---
                2
                4
                6

                """)
    }
}
