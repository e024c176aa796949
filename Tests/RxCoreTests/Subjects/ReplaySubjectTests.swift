import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct ReplaySubjectTests: BookPlayground {
    let console = PlaygroundConsole()

    // MARK: - The book, chapter 3: "Working with replay subjects"

    private let header = ["", "--- Example of: ReplaySubject ---"]

    /// The book's example, with the steps it adds one after another.
    private func bookReplaySubjectExample(thirdSubscriber: Bool, error: Bool, dispose: Bool) {
        example(of: "ReplaySubject") {
            // 1
            let subject = ReplaySubject<String>.create(bufferSize: 2)
            let disposeBag = DisposeBag()
            // 2
            subject.onNext("1")
            subject.onNext("2")
            subject.onNext("3")
            // 3 (the book's listing prints the label "1"; its output shows "1)")
            subject
                .subscribe {
                    print(label: "1)", event: $0)
                }
                .disposed(by: disposeBag)
            subject
                .subscribe {
                    print(label: "2)", event: $0)
                }
                .disposed(by: disposeBag)
            guard thirdSubscriber else { return }

            subject.onNext("4")
            if error {
                subject.onError(MyError.anError)
            }
            if dispose {
                subject.dispose()
            }
            subject
                .subscribe {
                    print(label: "3)", event: $0)
                }
                .disposed(by: disposeBag)
        }
    }

    @Test("book replay subject replays the last two elements")
    func bookReplaySubjectReplaysTheLastTwoElements() {
        bookReplaySubjectExample(thirdSubscriber: false, error: false, dispose: false)
        #expect(console.lines == header + ["1) 2", "1) 3", "2) 2", "2) 3"])
    }

    @Test("book replay subject replays to a later subscriber")
    func bookReplaySubjectReplaysToALaterSubscriber() {
        bookReplaySubjectExample(thirdSubscriber: true, error: false, dispose: false)
        let book = ["1) 4", "2) 4", "3) 3", "3) 4"]
        #expect(console.lines == header + ["1) 2", "1) 3", "2) 2", "2) 3"] + book)
    }

    @Test("book replay subject replays the buffer then the error")
    func bookReplaySubjectReplaysTheBufferThenTheError() {
        bookReplaySubjectExample(thirdSubscriber: true, error: true, dispose: false)
        let book = ["1) 4", "2) 4", "1) anError", "2) anError", "3) 3", "3) 4", "3) anError"]
        #expect(console.lines == header + ["1) 2", "1) 3", "2) 2", "2) 3"] + book)
    }

    @Test("book disposed replay subject answers with the disposed error")
    func bookDisposedReplaySubjectAnswersWithTheDisposedError() {
        bookReplaySubjectExample(thirdSubscriber: true, error: true, dispose: true)
        let lines = console.lines
        let book = ["1) 4", "2) 4", "1) anError", "2) anError"]
        #expect(Array(lines.dropLast()) == header + ["1) 2", "1) 3", "2) 2", "2) 3"] + book)
        // The book prints "3) Object `RxSwift...ReplayMany<Swift.String>` was already disposed.",
        // where "..." stands for the private type's context, which the runtime names with an address.
        let last = lines.last ?? ""
        #expect(last.hasPrefix("3) Object `RxCore."))
        #expect(last.hasSuffix(".ReplayMany<Swift.String>` was already disposed."))
    }

    // MARK: - Buffer sizes

    /// Sends `0..<count` to a fresh subject, then returns what a new subscriber receives.
    private func replayed(_ subject: ReplaySubject<Int>, after count: Int) -> [Event<Int>] {
        for value in 0..<count {
            subject.onNext(value)
        }
        let log = EventLog<Int>()
        subject.subscribe(log).dispose()
        return log.events
    }

    @Test("buffer size zero replays nothing")
    func bufferSizeZeroReplaysNothing() {
        #expect(replayed(.create(bufferSize: 0), after: 0) == [])
        #expect(replayed(.create(bufferSize: 0), after: 3) == [])
        #expect(replayed(.create(bufferSize: -4), after: 3) == [])
    }

    @Test("buffer size one replays the last element")
    func bufferSizeOneReplaysTheLastElement() {
        #expect(replayed(.create(bufferSize: 1), after: 0) == [])
        #expect(replayed(.create(bufferSize: 1), after: 1) == [.next(0)])
        #expect(replayed(.create(bufferSize: 1), after: 5) == [.next(4)])
    }

    @Test("buffer size two replays the last two elements")
    func bufferSizeTwoReplaysTheLastTwoElements() {
        #expect(replayed(.create(bufferSize: 2), after: 1) == [.next(0)])
        #expect(replayed(.create(bufferSize: 2), after: 2) == [.next(0), .next(1)])
        #expect(replayed(.create(bufferSize: 2), after: 3) == [.next(1), .next(2)])
        #expect(replayed(.create(bufferSize: 2), after: 6) == [.next(4), .next(5)])
    }

    @Test("bounded buffer keeps the order when it wraps around")
    func boundedBufferKeepsTheOrderWhenItWrapsAround() {
        for count in 0...12 {
            let expected = (max(0, count - 5)..<count).map { Event.next($0) }
            #expect(replayed(.create(bufferSize: 5), after: count) == expected, "after \(count) elements")
        }
    }

    @Test("unbounded buffer replays everything")
    func unboundedBufferReplaysEverything() {
        #expect(replayed(.createUnbounded(), after: 0) == [])
        #expect(replayed(.createUnbounded(), after: 100) == (0..<100).map { .next($0) })
    }

    // MARK: - Event sequences

    @Test("subscribers get the buffer then what follows")
    func subscribersGetTheBufferThenWhatFollows() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        let early = EventLog<Int>()
        let late = EventLog<Int>()
        let first = subject.subscribe(early)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let second = subject.subscribe(late)
        subject.onNext(4)
        subject.onCompleted()
        #expect(early.events == [.next(1), .next(2), .next(3), .next(4), .completed])
        #expect(late.events == [.next(2), .next(3), .next(4), .completed])
        first.dispose()
        second.dispose()
    }

    @Test("terminated subject replays the buffer then the stop event")
    func terminatedSubjectReplaysTheBufferThenTheStopEvent() {
        for (subject, expected) in [
            (ReplaySubject<Int>.create(bufferSize: 0), [Event<Int>.completed]),
            (.create(bufferSize: 1), [.next(3), .completed]),
            (.create(bufferSize: 2), [.next(2), .next(3), .completed]),
            (.createUnbounded(), [.next(1), .next(2), .next(3), .completed]),
        ] {
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            subject.onCompleted()
            subject.onNext(4)
            subject.onError(testError)
            #expect(replayed(subject, after: 0) == expected)
            #expect(replayed(subject, after: 0) == expected)
            #expect(!subject.hasObservers)
        }
    }

    @Test("failed subject replays the buffer then the error")
    func failedSubjectReplaysTheBufferThenTheError() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onError(testError)
        subject.onCompleted()
        #expect(replayed(subject, after: 0) == [.next(2), .next(3), .error(testError)])
    }

    @Test("disposed subject stops delivering rejects new subscribers and releases the buffer")
    func disposedSubjectStopsDeliveringRejectsNewSubscribersAndReleasesTheBuffer() {
        final class Payload {}
        for subject in [ReplaySubject<Payload>.create(bufferSize: 1), .create(bufferSize: 3), .createUnbounded()] {
            weak var released: Payload?
            var log: [Event<Payload>] = []
            let subscription = subject.subscribe { log.append($0) }
            do {
                let payload = Payload()
                released = payload
                subject.onNext(payload)
            }
            #expect(released != nil)
            subject.dispose()
            log.removeAll()
            #expect(released == nil)
            subject.onNext(Payload())
            subject.onCompleted()
            #expect(log.isEmpty)
            #expect(subject.isDisposed)
            #expect(!subject.hasObservers)
            var received: [Event<Payload>] = []
            _ = subject.subscribe { received.append($0) }
            #expect(received.count == 1)
            #expect(isDisposedError(received.first?.error, of: subject))
            subscription.dispose()
        }
    }

    @Test("has observers follows subscribe and unsubscribe")
    func hasObserversFollowsSubscribeAndUnsubscribe() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        subject.onNext(1)
        #expect(!subject.hasObservers)
        let first = subject.subscribe(EventLog<Int>())
        let second = subject.subscribe(EventLog<Int>())
        #expect(subject.hasObservers)
        first.dispose()
        #expect(subject.hasObservers)
        second.dispose()
        #expect(!subject.hasObservers)
    }

    // MARK: - Ordering without calling observers under the lock

    @Test("element sent while the buffer is replayed follows the buffer")
    func elementSentWhileTheBufferIsReplayedFollowsTheBuffer() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        subject.onNext(1)
        subject.onNext(2)
        var seen: [Int] = []
        var depth = 0
        var maximumDepth = 0
        let subscription = subject.subscribe(onNext: { value in
            depth += 1
            maximumDepth = max(maximumDepth, depth)
            seen.append(value)
            if value == 1 { subject.onNext(10) }
            if value == 10 { subject.onNext(11) }
            depth -= 1
        })
        subject.onNext(12)
        #expect(seen == [1, 2, 10, 11, 12])
        #expect(maximumDepth == 1)
        #expect(replayed(subject, after: 0) == [.next(10), .next(11), .next(12)])
        subscription.dispose()
    }

    @Test("error sent while the buffer is replayed follows the buffer")
    func errorSentWhileTheBufferIsReplayedFollowsTheBuffer() {
        let subject = ReplaySubject<Int>.createUnbounded()
        subject.onNext(1)
        subject.onNext(2)
        var received: [Event<Int>] = []
        let subscription = subject.subscribe { event in
            received.append(event)
            if event.element == 1 { subject.onError(testError) }
        }
        #expect(received == [.next(1), .next(2), .error(testError)])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    // MARK: - Virtual time

    /// Creates the subject at 100, subscribes observers at 300 (until 600), 400 (until 700)
    /// and 900 (until 950), feeds it from `xs` from 200 to 1000.
    private func runScenario(
        _ scheduler: TestScheduler,
        _ xs: TestableObservable<Int>,
        _ create: @escaping () -> ReplaySubject<Int>
    ) -> [TestableObserver<Int>] {
        var subject: ReplaySubject<Int>?
        var source: Disposable?
        var subscriptions: [Disposable?] = [nil, nil, nil]
        let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        scheduler.scheduleAt(100) { subject = create() }
        scheduler.scheduleAt(200) { source = subject.map { xs.subscribe($0) } }
        scheduler.scheduleAt(1000) { source?.dispose() }
        for (index, (start, end)) in [(300, 600), (400, 700), (900, 950)].enumerated() {
            scheduler.scheduleAt(TestTime(start)) { subscriptions[index] = subject?.subscribe(results[index]) }
            scheduler.scheduleAt(TestTime(end)) { subscriptions[index]?.dispose() }
        }
        scheduler.start()
        return results
    }

    private func makeSource(_ scheduler: TestScheduler, ending: [Recorded<Event<Int>>] = []) -> TestableObservable<Int> {
        scheduler.createHotObservable(
            [
                .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5),
                .next(410, 6), .next(520, 7), .next(580, 8),
            ] + ending)
    }

    @Test("virtual time buffer of three")
    func virtualTimeBufferOfThree() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, ending: [.next(630, 9), .next(710, 10), .next(870, 11), .next(940, 12)])
        let results = runScenario(scheduler, xs) { .create(bufferSize: 3) }
        #expect(
            results[0].events == [
                .next(300, 3), .next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7), .next(580, 8),
            ])
        #expect(
            results[1].events == [
                .next(400, 3), .next(400, 4), .next(400, 5), .next(410, 6), .next(520, 7), .next(580, 8), .next(630, 9),
            ])
        #expect(results[2].events == [.next(900, 9), .next(900, 10), .next(900, 11), .next(940, 12)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("virtual time buffer of one with completion")
    func virtualTimeBufferOfOneWithCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, ending: [.completed(630), .next(640, 9), .error(650, testError)])
        let results = runScenario(scheduler, xs) { .create(bufferSize: 1) }
        #expect(results[0].events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7), .next(580, 8)])
        #expect(results[1].events == [.next(400, 5), .next(410, 6), .next(520, 7), .next(580, 8), .completed(630)])
        #expect(results[2].events == [.next(900, 8), .completed(900)])
    }

    @Test("virtual time unbounded with error")
    func virtualTimeUnboundedWithError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, ending: [.error(630, testError), .next(640, 9), .completed(650)])
        let results = runScenario(scheduler, xs) { .createUnbounded() }
        #expect(
            results[0].events == [
                .next(300, 3), .next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7), .next(580, 8),
            ])
        #expect(
            results[1].events == [
                .next(400, 3), .next(400, 4), .next(400, 5), .next(410, 6), .next(520, 7), .next(580, 8),
                .error(630, testError),
            ])
        #expect(
            results[2].events == [
                .next(900, 3), .next(900, 4), .next(900, 5), .next(900, 6), .next(900, 7), .next(900, 8),
                .error(900, testError),
            ])
    }

    // MARK: - Threads

    @Test("concurrent subscribers get the buffer then contiguous elements")
    func concurrentSubscribersGetTheBufferThenContiguousElements() {
        for subject in [ReplaySubject<Int>.create(bufferSize: 1), .create(bufferSize: 3), .createUnbounded()] {
            let outcome = stressSubject(
                iterations: 150,
                // Each subscription to the unbounded subject replays everything sent so far.
                maximumElements: 1_500,
                subscribe: { subject.subscribe($0) },
                send: { subject.on($0) }
            )
            #expect(outcome.churned.count == 4 * 150)
            let broken = outcome.churned.filter { events in
                events.contains { $0.isStopEvent } || !areConsecutive(events.compactMap(\.element))
            }
            #expect(broken.isEmpty)
            for events in outcome.stayed {
                let elements = events.compactMap(\.element)
                #expect(events.last?.isCompleted == true)
                #expect(events.filter(\.isStopEvent).count == 1)
                #expect(areConsecutive(elements))
                #expect(elements.last == outcome.emitted - 1)
            }
            #expect(!subject.hasObservers)
        }
    }
}
