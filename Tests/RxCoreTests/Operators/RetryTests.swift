import RxCore
import RxTest
import TestSupport
import Testing

@Suite("retry and retry(_:)", .resourceBalanced)
struct RetryTests {
    @Test("a completing source is subscribed once")
    func completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let res = scheduler.start { xs.retry() }
        #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        #expect(xs.subscriptions == [Subscription(200, 450)])
    }

    @Test("a source that never ends is subscribed once")
    func infinite() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3)])
        let res = scheduler.start { xs.retry() }
        #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("a failing source is resubscribed at each error until disposed")
    func resubscribesForever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .error(250, testError)])
        let res = scheduler.start(disposed: 1100) { xs.retry() }
        #expect(
            res.events == [
                .next(300, 1), .next(350, 2), .next(400, 3),
                .next(550, 1), .next(600, 2), .next(650, 3),
                .next(800, 1), .next(850, 2), .next(900, 3),
                .next(1050, 1),
            ])
        #expect(
            xs.subscriptions == [
                Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100),
            ])
    }

    @Test("retry(3) makes three attempts and passes the last error on")
    func countExhausted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])
        let res = scheduler.start { xs.retry(3) }
        #expect(
            res.events == [
                .next(205, 1), .next(210, 2), .next(215, 3),
                .next(225, 1), .next(230, 2), .next(235, 3),
                .next(245, 1), .next(250, 2), .next(255, 3),
                .error(260, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    @Test("disposing during an attempt unsubscribes it")
    func countDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])
        let res = scheduler.start(disposed: 231) { xs.retry(3) }
        #expect(res.events == [.next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 231)])
    }

    @Test("retry(3) of a completing source completes after one attempt")
    func countCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let res = scheduler.start { xs.retry(3) }
        #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        #expect(xs.subscriptions == [Subscription(200, 450)])
    }

    @Test("retry(1) is a single attempt; zero or negative counts make none")
    func smallCounts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, testError)])
        let res = scheduler.start { xs.retry(1) }
        #expect(res.events == [.next(205, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])

        let subscribed = Locked(0)
        let counted = Observable<Int>.create { observer in
            subscribed.withLock { $0 += 1 }
            observer.onError(testError)
            return Disposables.create()
        }
        #expect(synchronousEvents(counted.retry(0)) == [.completed])
        #expect(synchronousEvents(counted.retry(-2)) == [.completed])
        #expect(subscribed.withLock { $0 } == 0)
    }

    @Test("a synchronous source that fails a few times then succeeds")
    func synchronousRecovery() {
        let attempts = Locked(0)
        let flaky = Observable<String>.create { observer in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            observer.onNext("attempt \(attempt)")
            if attempt < 3 {
                observer.onError(testError)
            } else {
                observer.onCompleted()
            }
            return Disposables.create()
        }
        #expect(
            synchronousEvents(flaky.retry()) == [
                .next("attempt 1"), .next("attempt 2"), .next("attempt 3"), .completed,
            ])
        attempts.withLock { $0 = 0 }
        #expect(synchronousEvents(flaky.retry(2)) == [.next("attempt 1"), .next("attempt 2"), .error(testError)])
    }

    @Test("many synchronous failures do not grow the stack")
    func noStackGrowth() {
        let attempts = Locked(0)
        let failing = Observable<Int>.create { observer in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            if attempt < 100_000 {
                observer.onError(testError)
            } else {
                observer.onNext(attempt)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        #expect(synchronousEvents(failing.retry()) == [.next(100_000), .completed])
        attempts.withLock { $0 = 0 }
        #expect(synchronousEvents(failing.retry(50_000)) == [.error(testError)])
    }
}
