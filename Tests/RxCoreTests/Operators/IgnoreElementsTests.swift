import RxCore
import RxTest
import Testing

@Suite("ignoreElements", .resourceBalanced)
struct IgnoreElementsTests {
    @Test("elements are dropped; the completion passes at its time")
    func completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.ignoreElements() }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("an error passes at its time")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, testError)])
        let res = scheduler.start { xs.ignoreElements() }
        #expect(res.events == [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a source that never ends: nothing arrives until disposed")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3)])
        let res = scheduler.start { xs.ignoreElements() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposed early: the completion does not arrive and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.ignoreElements() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("asCompletable() after it gives a Completable")
    func asCompletable() {
        var events: [String] = []
        _ = Observable.of(1, 2, 3).ignoreElements().asCompletable().subscribe { events.append(describe($0)) }
        _ = Observable<Int>.error(testError).ignoreElements().asCompletable().subscribe { events.append(describe($0)) }
        #expect(events == ["completed", "error(TestError(1))"])
    }

    @Test("book chapter 5: ignoreElements")
    func bookIgnoreElements() {
        let console = CreationSupport.Console()
        func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
            console.write(items, separator: separator, terminator: terminator)
        }
        func example(of description: String, action: () -> Void) {
            console.example(of: description, action: action)
        }

        example(of: "ignoreElements") {
            // 1
            let strikes = PublishSubject<String>()

            let disposeBag = DisposeBag()

            // 2
            strikes
                .ignoreElements()
                .subscribe { _ in
                    print("You're out!")
                }
                .disposed(by: disposeBag)

            strikes.onNext("X")
            strikes.onNext("X")
            strikes.onNext("X")

            strikes.onCompleted()
        }

        #expect(
            console.text == """

                --- Example of: ignoreElements ---
                You're out!

                """)
    }
}
