import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct AsyncSubjectTests {
    @Test("sends only the last element then completed")
    func sendsOnlyTheLastElementThenCompleted() {
        let subject = AsyncSubject<Int>()
        let early = EventLog<Int>()
        let late = EventLog<Int>()
        let first = subject.subscribe(early)
        subject.onNext(1)
        subject.onNext(2)
        let second = subject.subscribe(late)
        subject.onNext(3)
        #expect(early.events.isEmpty)
        #expect(late.events.isEmpty)
        subject.onCompleted()
        #expect(early.events == [.next(3), .completed])
        #expect(late.events == [.next(3), .completed])
        first.dispose()
        second.dispose()
    }

    @Test("completion without elements sends only completed")
    func completionWithoutElementsSendsOnlyCompleted() {
        let subject = AsyncSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        subject.onCompleted()
        #expect(log.events == [.completed])
        let late = EventLog<Int>()
        _ = subject.subscribe(late)
        #expect(late.events == [.completed])
        subscription.dispose()
    }

    @Test("error sends only the error even after elements")
    func errorSendsOnlyTheErrorEvenAfterElements() {
        let subject = AsyncSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        subject.onNext(1)
        subject.onNext(2)
        subject.onError(testError)
        subject.onNext(3)
        subject.onCompleted()
        #expect(log.events == [.error(testError)])
        let late = EventLog<Int>()
        _ = subject.subscribe(late)
        #expect(late.events == [.error(testError)])
        subscription.dispose()
    }

    @Test("error without elements sends the error")
    func errorWithoutElementsSendsTheError() {
        let subject = AsyncSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        subject.onError(testError)
        #expect(log.events == [.error(testError)])
        subscription.dispose()
    }

    @Test("later subscribers get the last element and completed at once")
    func laterSubscribersGetTheLastElementAndCompletedAtOnce() {
        let subject = AsyncSubject<Int>()
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        subject.onNext(3)
        subject.onError(testError)
        for _ in 0..<2 {
            let log = EventLog<Int>()
            _ = subject.subscribe(log)
            #expect(log.events == [.next(2), .completed])
        }
        #expect(!subject.hasObservers)
    }

    @Test("every observer gets the element before any gets completed")
    func everyObserverGetsTheElementBeforeAnyGetsCompleted() {
        let subject = AsyncSubject<Int>()
        let journal = Journal()
        let subscriptions = ["a", "b"].map { name in
            subject.subscribe { event in journal.record("\(name) \(event)") }
        }
        subject.onNext(5)
        subject.onCompleted()
        #expect(journal.entries == ["a next(5)", "b next(5)", "a completed", "b completed"])
        subscriptions.forEach { $0.dispose() }
    }

    @Test("unsubscribed observer gets nothing")
    func unsubscribedObserverGetsNothing() {
        let subject = AsyncSubject<Int>()
        let kept = EventLog<Int>()
        let dropped = EventLog<Int>()
        let keptSubscription = subject.subscribe(kept)
        let droppedSubscription = subject.subscribe(dropped)
        subject.onNext(1)
        droppedSubscription.dispose()
        #expect(subject.hasObservers)
        subject.onCompleted()
        #expect(kept.events == [.next(1), .completed])
        #expect(dropped.events.isEmpty)
        #expect(!subject.hasObservers)
        keptSubscription.dispose()
    }

    @Test("disposed subject sends nothing and rejects new subscribers")
    func disposedSubjectSendsNothingAndRejectsNewSubscribers() {
        let subject = AsyncSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        subject.onNext(1)
        subject.dispose()
        subject.onNext(2)
        subject.onCompleted()
        #expect(log.events.isEmpty)
        #expect(subject.isDisposed)
        #expect(!subject.hasObservers)
        var received: [Event<Int>] = []
        _ = subject.subscribe { received.append($0) }
        #expect(received.count == 1)
        #expect(isDisposedError(received.first?.error, of: subject))
        subscription.dispose()
    }

    @Test("disposing after completion rejects with disposed")
    func disposingAfterCompletionRejectsWithDisposed() {
        let subject = AsyncSubject<Int>()
        subject.onNext(1)
        subject.onCompleted()
        subject.dispose()
        var received: [Event<Int>] = []
        _ = subject.subscribe { received.append($0) }
        #expect(received.count == 1)
        #expect(isDisposedError(received.first?.error, of: subject))
    }

    @Test("as observer feeds the subject")
    func asObserverFeedsTheSubject() {
        let subject = AsyncSubject<String>()
        let log = EventLog<String>()
        let subscription = subject.subscribe(log)
        let observer: AsyncSubject<String> = subject.asObserver()
        observer.onNext("a")
        observer.onNext("b")
        observer.onCompleted()
        #expect(log.events == [.next("b"), .completed])
        subscription.dispose()
    }

    // MARK: - Virtual time

    /// Creates the subject at 100, subscribes observers at 300 (until 600), 400 (until 700)
    /// and 900 (until 950), feeds it from `xs` from 200 to 1000.
    private func runScenario(_ scheduler: TestScheduler, _ xs: TestableObservable<Int>) -> [TestableObserver<Int>] {
        var subject: AsyncSubject<Int>?
        var source: Disposable?
        var subscriptions: [Disposable?] = [nil, nil, nil]
        let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        scheduler.scheduleAt(100) { subject = AsyncSubject() }
        scheduler.scheduleAt(200) { source = subject.map { xs.subscribe($0) } }
        scheduler.scheduleAt(1000) { source?.dispose() }
        for (index, (start, end)) in [(300, 600), (400, 700), (900, 950)].enumerated() {
            scheduler.scheduleAt(TestTime(start)) { subscriptions[index] = subject?.subscribe(results[index]) }
            scheduler.scheduleAt(TestTime(end)) { subscriptions[index]?.dispose() }
        }
        scheduler.start()
        return results
    }

    @Test("virtual time never completing")
    func virtualTimeNeverCompleting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .next(630, 8), .next(710, 9), .next(870, 10), .next(940, 11), .next(1020, 12),
        ])
        let results = runScenario(scheduler, xs)
        #expect(results.map(\.events.count) == [0, 0, 0])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("virtual time completion")
    func virtualTimeCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .completed(630), .next(640, 9), .completed(650), .error(660, testError),
        ])
        let results = runScenario(scheduler, xs)
        #expect(results[0].events == [])
        #expect(results[1].events == [.next(630, 7), .completed(630)])
        #expect(results[2].events == [.next(900, 7), .completed(900)])
    }

    @Test("virtual time error")
    func virtualTimeError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .error(630, testError), .next(640, 9), .completed(650),
        ])
        let results = runScenario(scheduler, xs)
        #expect(results[0].events == [])
        #expect(results[1].events == [.error(630, testError)])
        #expect(results[2].events == [.error(900, testError)])
    }

    @Test("virtual time completion without elements")
    func virtualTimeCompletionWithoutElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(70, 1), .completed(630)])
        let results = runScenario(scheduler, xs)
        #expect(results[0].events == [])
        #expect(results[1].events == [.completed(630)])
        #expect(results[2].events == [.completed(900)])
    }

    // MARK: - Threads

    @Test("concurrent subscribers get only the ending")
    func concurrentSubscribersGetOnlyTheEnding() {
        let subject = AsyncSubject<Int>()
        let outcome = stressSubject(
            subscribe: { subject.subscribe($0) },
            send: { subject.on($0) }
        )
        #expect(outcome.churned.count == 4 * 300)
        #expect(outcome.churned.filter { !$0.isEmpty }.isEmpty)
        #expect(outcome.stayed.count == 4)
        for events in outcome.stayed {
            #expect(events == [.next(outcome.emitted - 1), .completed])
        }
        let late = EventLog<Int>()
        _ = subject.subscribe(late)
        #expect(late.events == [.next(outcome.emitted - 1), .completed])
        #expect(!subject.hasObservers)
    }
}
