import RxCore
import RxTest
import Testing

@Suite("takeLast", .resourceBalanced)
struct TakeLastTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
    }

    @Test("sends the last elements in order when the source completes")
    func some() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.takeLast(2) }
        #expect(res.events == [.next(250, 4), .next(250, 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("a count past the number of elements sends all of them")
    func more() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.takeLast(10) }
        #expect(res.events == [.next(250, 2), .next(250, 3), .next(250, 4), .next(250, 5), .completed(250)])
    }

    @Test("a count of zero sends only the completion")
    func zero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.takeLast(0) }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("the ring buffer keeps order after wrapping around several times")
    func wrapsAround() {
        for count in 1...9 {
            let expected: [Event<Int>] = (max(1, 9 - count + 1)...9).map { .next($0) } + [.completed]
            #expect(synchronousEvents(Observable.from(Array(1...9)).takeLast(count)) == expected)
        }
        #expect(
            synchronousEvents(Observable.from(Array(1...9)).takeLast(4))
                == [.next(6), .next(7), .next(8), .next(9), .completed])
    }

    @Test("an error drops the kept elements")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, testError)])
        let res = scheduler.start { xs.takeLast(2) }
        #expect(res.events == [.error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a source that never completes sends nothing")
    func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3)])
        let res = scheduler.start { xs.takeLast(2) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("disposing before the completion sends nothing and unsubscribes")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let res = scheduler.start(disposed: 245) { xs.takeLast(2) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 245)])
    }

    @Test("disposing while the kept elements are being sent stops them")
    func disposedWhileFlushing() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.takeLast(3).subscribe(
            onNext: { value in
                received.append(value)
                if value == 3 { subscription?.dispose() }
            },
            onCompleted: { received.append(-1) }
        )
        for value in 1...4 { subject.onNext(value) }
        subject.onCompleted()
        #expect(received == [2, 3])
    }

    // Exit tests came with Swift 6.2; the package declares 6.1.
    #if compiler(>=6.2)
    @Test("a negative count stops the program, as in RxSwift")
    func negativeCount() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable.of(1, 2).takeLast(-1)
        }
    }
    #endif
}
