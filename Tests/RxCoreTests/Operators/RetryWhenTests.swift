import RxCore
import RxTest
import TestSupport
import Testing

/// An error type the retry triggers below do not handle.
private struct OtherError: Error, Equatable {}

@Suite("retry(when:)", .resourceBalanced)
struct RetryWhenTests {
    @Test("a source that completes without failing ignores the trigger's completion")
    func sourceCompletesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let res = scheduler.start(disposed: 300) { xs.retry { (_: Observable<TestError>) in empty } }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(empty.subscriptions == [Subscription(200, 210)])
    }

    @Test("a trigger that never emits leaves the failed source unsubscribed")
    func neverTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .error(250, testError),
        ])
        let never = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.retry { (_: Observable<TestError>) in never } }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(never.subscriptions == [Subscription(200, 1000)])
    }

    @Test("the trigger's elements resubscribe; its error ends the result")
    func triggerFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, testError), .completed(40)])
        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<TestError>) in
                errors.scan(0) { count, _ in
                    if count + 1 == 2 { throw testError2 }
                    return count + 1
                }
            }
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, testError2)])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
    }

    @Test("the trigger's completion at the error time completes the result")
    func triggerCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, testError), .completed(40)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(230)])
        let res = scheduler.start { xs.retry { (_: Observable<TestError>) in empty.asObservable() } }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a trigger that completes after some retries completes the result")
    func triggerTakesWhile() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, testError), .completed(40)])
        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<TestError>) in
                errors.scan(0) { count, _ in count + 1 }.take(while: { $0 < 2 })
            }
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
    }

    @Test("incremental back-off with timers, giving up after four attempts")
    func incrementalBackOff() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, testError)])
        let maxAttempts = 4
        let res = scheduler.start(disposed: 800) {
            xs.retry { (errors: Observable<Swift.Error>) in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    if attempt >= maxAttempts - 1 {
                        return Observable.error(error)
                    }
                    return Observable<Int>.timer(.seconds((attempt + 1) * 50), scheduler: scheduler)
                }
            }
        }
        #expect(res.events == [.next(205, 1), .next(265, 1), .next(375, 1), .next(535, 1), .error(540, testError)])
        #expect(
            xs.subscriptions == [
                Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540),
            ])
    }

    @Test("errors of another type than the handler's go downstream at once")
    func otherErrorType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, testError)])
        let res = scheduler.start(disposed: 800) { xs.retry { (errors: Observable<OtherError>) in errors } }
        #expect(res.events == [.next(205, 1), .error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test("trigger elements while the source runs are ignored")
    func triggerWhileRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(50, testError)])
        let trigger = scheduler.createHotObservable([.next(230, 0), .next(270, 0), .next(300, 0)])
        let res = scheduler.start(disposed: 400) { xs.retry { (_: Observable<TestError>) in trigger } }
        // Error at 250: the trigger's 270 resubscribes; error at 320 waits for a trigger that never comes.
        #expect(res.events == [.next(210, 1), .next(280, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(270, 320)])
        #expect(trigger.subscriptions == [Subscription(200, 400)])
    }

    @Test("early dispose while waiting for the trigger unsubscribes the trigger")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.next(300, 0)])
        let res = scheduler.start(disposed: 250) { xs.retry { (_: Observable<TestError>) in trigger } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(trigger.subscriptions == [Subscription(200, 250)])
    }

    @Test("synchronous failures retried by the errors themselves do not grow the stack")
    func tailRecursion() {
        let attempts = Locked(0)
        let source = Observable<Int>.create { observer in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            observer.onNext(attempt)
            if attempt < 50_000 {
                observer.onError(testError)
            } else {
                observer.onCompleted()
            }
            return Disposables.create()
        }
        let events = synchronousEvents(source.retry { (errors: Observable<Swift.Error>) in errors })
        #expect(events.count == 50_001)
        #expect(events.last == .completed)
        #expect(attempts.withLock { $0 } == 50_000)
    }

    @Test("resources are released after completion and errors, and the deprecated spelling")
    @available(*, deprecated)
    func releaseAndDeprecated() {
        #expect(
            synchronousEvents(Observable.just(1).retry { (errors: Observable<Swift.Error>) in errors }) == [
                .next(1), .completed,
            ])
        #expect(
            synchronousEvents(
                Observable<Int>.error(testError).retry { (errors: Observable<Swift.Error>) in
                    errors.take(1)
                }) == [.completed])
        #expect(
            synchronousEvents(
                Observable<Int>.error(testError).retry { (errors: Observable<Swift.Error>) in
                    errors.flatMapLatest { Observable<Int>.error($0) }
                }) == [.error(testError)])
        #expect(
            synchronousEvents(
                Observable<Int>.error(testError).retryWhen { (errors: Observable<TestError>) in
                    errors.take(2)
                }) == [.completed])
    }
}
