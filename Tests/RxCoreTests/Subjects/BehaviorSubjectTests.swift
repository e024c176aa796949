import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct BehaviorSubjectTests: BookPlayground {
    let console = PlaygroundConsole()

    // MARK: - The book, chapter 3: "Working with behavior subjects"

    private let header = ["", "--- Example of: BehaviorSubject ---"]

    @Test("book behavior subject replays its initial value")
    func bookBehaviorSubjectReplaysItsInitialValue() {
        example(of: "BehaviorSubject") {
            let subject = BehaviorSubject(value: "Initial value")
            let disposeBag = DisposeBag()
            subject
                .subscribe {
                    print(label: "1)", event: $0)
                }
                .disposed(by: disposeBag)
        }
        #expect(console.lines == header + ["1) Initial value"])
    }

    @Test("book behavior subject replays the latest element")
    func bookBehaviorSubjectReplaysTheLatestElement() {
        example(of: "BehaviorSubject") {
            let subject = BehaviorSubject(value: "Initial value")
            let disposeBag = DisposeBag()
            subject.onNext("X")
            subject
                .subscribe {
                    print(label: "1)", event: $0)
                }
                .disposed(by: disposeBag)
        }
        #expect(console.lines == header + ["1) X"])
    }

    @Test("book behavior subject replays the error to later subscribers")
    func bookBehaviorSubjectReplaysTheErrorToLaterSubscribers() {
        example(of: "BehaviorSubject") {
            let subject = BehaviorSubject(value: "Initial value")
            let disposeBag = DisposeBag()
            subject.onNext("X")
            subject
                .subscribe {
                    print(label: "1)", event: $0)
                }
                .disposed(by: disposeBag)
            // 1
            subject.onError(MyError.anError)
            // 2
            subject
                .subscribe {
                    print(label: "2)", event: $0)
                }
                .disposed(by: disposeBag)
        }
        #expect(console.lines == header + ["1) X", "1) anError", "2) anError"])
    }

    // MARK: - Event sequences

    @Test("subscribers get the current value then what follows")
    func subscribersGetTheCurrentValueThenWhatFollows() {
        let subject = BehaviorSubject(value: 0)
        let early = EventLog<Int>()
        let late = EventLog<Int>()
        let first = subject.subscribe(early)
        subject.onNext(1)
        subject.onNext(2)
        let second = subject.subscribe(late)
        subject.onNext(3)
        subject.onCompleted()
        #expect(early.events == [.next(0), .next(1), .next(2), .next(3), .completed])
        #expect(late.events == [.next(2), .next(3), .completed])
        first.dispose()
        second.dispose()
    }

    @Test("completed subject answers only completed not the last value")
    func completedSubjectAnswersOnlyCompletedNotTheLastValue() {
        let subject = BehaviorSubject(value: 0)
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(testError)
        let after = EventLog<Int>()
        _ = subject.subscribe(after)
        #expect(after.events == [.completed])
        #expect(!subject.hasObservers)
    }

    @Test("failed subject answers only the error")
    func failedSubjectAnswersOnlyTheError() {
        let subject = BehaviorSubject(value: 0)
        let before = EventLog<Int>()
        let subscription = subject.subscribe(before)
        subject.onNext(1)
        subject.onError(testError)
        subject.onNext(2)
        subject.onCompleted()
        let after = EventLog<Int>()
        _ = subject.subscribe(after)
        #expect(before.events == [.next(0), .next(1), .error(testError)])
        #expect(after.events == [.error(testError)])
        subscription.dispose()
    }

    @Test("disposed subject stops delivering and rejects new subscribers")
    func disposedSubjectStopsDeliveringAndRejectsNewSubscribers() {
        let subject = BehaviorSubject(value: 0)
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        subject.dispose()
        subject.onNext(1)
        subject.onCompleted()
        #expect(log.events == [.next(0)])
        #expect(subject.isDisposed)
        #expect(!subject.hasObservers)
        var received: [Event<Int>] = []
        _ = subject.subscribe { received.append($0) }
        #expect(received.count == 1)
        #expect(isDisposedError(received.first?.error, of: subject))
        subscription.dispose()
    }

    @Test("has observers follows subscribe and unsubscribe")
    func hasObserversFollowsSubscribeAndUnsubscribe() {
        let subject = BehaviorSubject(value: 0)
        #expect(!subject.hasObservers)
        let first = subject.subscribe(EventLog<Int>())
        let second = subject.subscribe(EventLog<Int>())
        #expect(subject.hasObservers)
        first.dispose()
        #expect(subject.hasObservers)
        second.dispose()
        #expect(!subject.hasObservers)
    }

    // MARK: - value()

    @Test("value is the initial value then the last element")
    func valueIsTheInitialValueThenTheLastElement() throws {
        let subject = BehaviorSubject(value: "a")
        #expect(try subject.value() == "a")
        subject.onNext("b")
        #expect(try subject.value() == "b")
        subject.onCompleted()
        subject.onNext("c")
        #expect(try subject.value() == "b")
    }

    @Test("value throws the error after an error")
    func valueThrowsTheErrorAfterAnError() {
        let subject = BehaviorSubject(value: 0)
        subject.onNext(1)
        subject.onError(testError)
        #expect(throws: TestError(code: 1)) { try subject.value() }
    }

    @Test("value throws disposed after dispose")
    func valueThrowsDisposedAfterDispose() {
        let subject = BehaviorSubject(value: 0)
        subject.onError(testError)
        subject.dispose()
        do {
            _ = try subject.value()
            Issue.record("value() returned after dispose()")
        } catch {
            #expect(isDisposedError(error, of: subject))
        }
    }

    // MARK: - Ordering without calling observers under the lock

    @Test("element sent while the current value is delivered follows it")
    func elementSentWhileTheCurrentValueIsDeliveredFollowsIt() throws {
        let subject = BehaviorSubject(value: 0)
        let other = EventLog<Int>()
        let otherSubscription = subject.subscribe(other)
        var seen: [Int] = []
        var depth = 0
        var maximumDepth = 0
        let subscription = subject.subscribe(onNext: { value in
            depth += 1
            maximumDepth = max(maximumDepth, depth)
            seen.append(value)
            if value == 0 { subject.onNext(1) }
            if value == 1 { subject.onNext(2) }
            depth -= 1
        })
        subject.onNext(3)
        #expect(seen == [0, 1, 2, 3])
        #expect(maximumDepth == 1)
        #expect(other.events == [.next(0), .next(1), .next(2), .next(3)])
        #expect(try subject.value() == 3)
        subscription.dispose()
        otherSubscription.dispose()
    }

    @Test("completion sent while the current value is delivered follows it")
    func completionSentWhileTheCurrentValueIsDeliveredFollowsIt() {
        let subject = BehaviorSubject(value: 0)
        var received: [Event<Int>] = []
        let subscription = subject.subscribe { event in
            received.append(event)
            if event.element == 0 { subject.onCompleted() }
        }
        #expect(received == [.next(0), .completed])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test("disposing the subject during the current value drops the queued elements")
    func disposingTheSubjectDuringTheCurrentValueDropsTheQueuedElements() {
        let subject = BehaviorSubject(value: 0)
        var seen: [Int] = []
        let subscription = subject.subscribe(onNext: { value in
            seen.append(value)
            if value == 0 {
                subject.onNext(1)
                subject.dispose()
            }
        })
        subject.onNext(2)
        #expect(seen == [0])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    // MARK: - Virtual time

    @Test("virtual time subscribers get the current value at subscription")
    func virtualTimeSubscribersGetTheCurrentValueAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5),
            .next(410, 6), .next(520, 7), .next(630, 8), .next(710, 9), .next(870, 10),
            .next(940, 11), .next(1020, 12),
        ])
        let results = runScenario(scheduler, xs)
        #expect(results[0].events == [.next(150, 100)])
        #expect(results[1].events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(results[2].events == [.next(400, 5), .next(410, 6), .next(520, 7), .next(630, 8)])
        #expect(results[3].events == [.next(900, 10), .next(940, 11)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("virtual time completion reaches current and later subscribers")
    func virtualTimeCompletionReachesCurrentAndLaterSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5),
            .next(410, 6), .next(520, 7), .completed(630), .next(640, 9), .completed(650),
            .error(660, testError),
        ])
        let results = runScenario(scheduler, xs)
        #expect(results[1].events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(results[2].events == [.next(400, 5), .next(410, 6), .next(520, 7), .completed(630)])
        #expect(results[3].events == [.completed(900)])
    }

    @Test("virtual time error reaches current and later subscribers")
    func virtualTimeErrorReachesCurrentAndLaterSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5),
            .next(410, 6), .next(520, 7), .error(630, testError), .next(640, 9), .completed(650),
        ])
        let results = runScenario(scheduler, xs)
        #expect(results[1].events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(results[2].events == [.next(400, 5), .next(410, 6), .next(520, 7), .error(630, testError)])
        #expect(results[3].events == [.error(900, testError)])
    }

    /// Creates the subject (value 100) at 100, subscribes observers at 150 (until 160), 300
    /// (until 600), 400 (until 700) and 900 (until 950), feeds it from `xs` from 200 to 1000.
    private func runScenario(_ scheduler: TestScheduler, _ xs: TestableObservable<Int>) -> [TestableObserver<Int>] {
        var subject: BehaviorSubject<Int>?
        var source: Disposable?
        var subscriptions: [Disposable?] = [nil, nil, nil, nil]
        let results = (0..<4).map { _ in scheduler.createObserver(Int.self) }
        scheduler.scheduleAt(100) { subject = BehaviorSubject(value: 100) }
        scheduler.scheduleAt(200) { source = subject.map { xs.subscribe($0) } }
        scheduler.scheduleAt(1000) { source?.dispose() }
        for (index, (start, end)) in [(150, 160), (300, 600), (400, 700), (900, 950)].enumerated() {
            scheduler.scheduleAt(TestTime(start)) { subscriptions[index] = subject?.subscribe(results[index]) }
            scheduler.scheduleAt(TestTime(end)) { subscriptions[index]?.dispose() }
        }
        scheduler.start()
        return results
    }

    // MARK: - Threads

    @Test("concurrent subscribers get the current value then contiguous elements")
    func concurrentSubscribersGetTheCurrentValueThenContiguousElements() throws {
        let subject = BehaviorSubject(value: -1)
        let outcome = stressSubject(
            subscribe: { subject.subscribe($0) },
            send: { subject.on($0) }
        )
        #expect(outcome.churned.count == 4 * 300)
        let broken = outcome.churned.filter { events in
            events.isEmpty || events.contains { $0.isStopEvent } || !areConsecutive(events.compactMap(\.element))
        }
        #expect(broken.isEmpty)
        for events in outcome.stayed {
            let elements = events.compactMap(\.element)
            #expect(events.last?.isCompleted == true)
            #expect(events.filter(\.isStopEvent).count == 1)
            #expect(areConsecutive(elements))
            // Even a worker that subscribes just before the completion gets the last element.
            #expect(elements.last == outcome.emitted - 1)
        }
        #expect(try subject.value() == outcome.emitted - 1)
        #expect(!subject.hasObservers)
    }
}

/// Whether `error` is `RxError.disposed` naming `object`.
func isDisposedError(_ error: Swift.Error?, of object: AnyObject) -> Bool {
    guard let error = error as? RxError, case .disposed(let disposed) = error else { return false }
    return disposed === object
}
