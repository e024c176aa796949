import RxCore
import RxTest
import TestSupport
import Testing

@Suite(.resourceBalanced)
struct PublishSubjectTests: BookPlayground {
    let console = PlaygroundConsole()

    // MARK: - The book, chapter 3: "Working with publish subjects"

    @Test("book publish subject example")
    func bookPublishSubjectExample() {
        var outputs: [[String]] = []
        example(of: "PublishSubject") {
            let subject = PublishSubject<String>()
            subject.on(.next("Is anyone listening?"))
            let subscriptionOne =
                subject
                .subscribe(onNext: { string in
                    print(string)
                })
            subject.on(.next("1"))
            outputs.append(console.lines)

            subject.onNext("2")
            outputs.append(console.lines)

            let subscriptionTwo =
                subject
                .subscribe { event in
                    print("2)", event.element ?? event)
                }
            subject.onNext("3")
            outputs.append(console.lines)

            subscriptionOne.dispose()
            subject.onNext("4")
            outputs.append(console.lines)

            // 1
            subject.onCompleted()
            // 2
            subject.onNext("5")
            // 3
            subscriptionTwo.dispose()
            let disposeBag = DisposeBag()
            // 4 (the book's listing prints the label "3"; its output shows "3)")
            subject
                .subscribe {
                    print("3)", $0.element ?? $0)
                }
                .disposed(by: disposeBag)
            subject.onNext("?")
        }
        // The empty first line is the "\n" that `example(of:)` prints before the title.
        let header = ["", "--- Example of: PublishSubject ---"]
        #expect(outputs[0] == header + ["1"])
        #expect(outputs[1] == header + ["1", "2"])
        #expect(outputs[2] == header + ["1", "2", "3", "2) 3"])
        #expect(outputs[3] == header + ["1", "2", "3", "2) 3", "2) 4"])
        #expect(console.lines == header + ["1", "2", "3", "2) 3", "2) 4", "2) completed", "3) completed"])
    }

    // MARK: - Event sequences

    @Test("subscribers receive only what follows their subscription")
    func subscribersReceiveOnlyWhatFollowsTheirSubscription() {
        let subject = PublishSubject<Int>()
        let early = EventLog<Int>()
        let late = EventLog<Int>()
        subject.onNext(0)
        let first = subject.subscribe(early)
        subject.onNext(1)
        let second = subject.subscribe(late)
        subject.onNext(2)
        subject.onCompleted()
        #expect(early.events == [.next(1), .next(2), .completed])
        #expect(late.events == [.next(2), .completed])
        first.dispose()
        second.dispose()
    }

    @Test("completed subject answers new subscribers with completed and ignores later events")
    func completedSubjectAnswersNewSubscribersWithCompletedAndIgnoresLaterEvents() {
        let subject = PublishSubject<Int>()
        let before = EventLog<Int>()
        let subscription = subject.subscribe(before)
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(testError)
        subject.onCompleted()
        let after = EventLog<Int>()
        _ = subject.subscribe(after)
        #expect(before.events == [.next(1), .completed])
        #expect(after.events == [.completed])
        #expect(!subject.hasObservers)
        #expect(!subject.isDisposed)
        subscription.dispose()
    }

    @Test("failed subject answers new subscribers with the error")
    func failedSubjectAnswersNewSubscribersWithTheError() {
        let subject = PublishSubject<Int>()
        let before = EventLog<Int>()
        let subscription = subject.subscribe(before)
        subject.onNext(1)
        subject.onError(testError)
        subject.onNext(2)
        subject.onCompleted()
        subject.onError(testError2)
        let after = EventLog<Int>()
        _ = subject.subscribe(after)
        #expect(before.events == [.next(1), .error(testError)])
        #expect(after.events == [.error(testError)])
        subscription.dispose()
    }

    @Test("disposed subject stops delivering and rejects new subscribers")
    func disposedSubjectStopsDeliveringAndRejectsNewSubscribers() throws {
        let subject = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        subject.onNext(1)
        subject.dispose()
        subject.onNext(2)
        subject.onCompleted()
        #expect(log.events == [.next(1)])
        #expect(subject.isDisposed)
        #expect(!subject.hasObservers)

        var received: [Event<Int>] = []
        _ = subject.subscribe { received.append($0) }
        #expect(received.count == 1)
        let error = try #require(received.first?.error as? RxError)
        guard case .disposed(let object) = error else {
            Issue.record("expected RxError.disposed, got \(error)")
            return
        }
        #expect(ObjectIdentifier(object) == ObjectIdentifier(subject))
        subscription.dispose()
    }

    @Test("disposing after completion still rejects with disposed")
    func disposingAfterCompletionStillRejectsWithDisposed() {
        let subject = PublishSubject<Int>()
        subject.onCompleted()
        subject.dispose()
        var received: [Event<Int>] = []
        _ = subject.subscribe { received.append($0) }
        #expect(received.count == 1)
        #expect((received.first?.error as? RxError).map { "\($0)" }?.hasSuffix("was already disposed.") == true)
    }

    @Test("has observers follows subscribe and unsubscribe")
    func hasObserversFollowsSubscribeAndUnsubscribe() {
        let subject = PublishSubject<Int>()
        #expect(!subject.hasObservers)
        let first = subject.subscribe(EventLog<Int>())
        #expect(subject.hasObservers)
        let second = subject.subscribe(EventLog<Int>())
        first.dispose()
        #expect(subject.hasObservers)
        first.dispose()
        #expect(subject.hasObservers)
        second.dispose()
        #expect(!subject.hasObservers)
        let third = subject.subscribe(EventLog<Int>())
        #expect(subject.hasObservers)
        subject.onCompleted()
        #expect(!subject.hasObservers)
        third.dispose()
    }

    @Test("unsubscribed observer gets nothing more")
    func unsubscribedObserverGetsNothingMore() {
        let subject = PublishSubject<Int>()
        let kept = EventLog<Int>()
        let dropped = EventLog<Int>()
        let keptSubscription = subject.subscribe(kept)
        let droppedSubscription = subject.subscribe(dropped)
        subject.onNext(1)
        droppedSubscription.dispose()
        subject.onNext(2)
        subject.onCompleted()
        #expect(kept.events == [.next(1), .next(2), .completed])
        #expect(dropped.events == [.next(1)])
        keptSubscription.dispose()
    }

    @Test("observer disposed by an earlier observer misses the event under way")
    func observerDisposedByAnEarlierObserverMissesTheEventUnderWay() {
        let subject = PublishSubject<Int>()
        var second: Disposable?
        var firstSeen: [Int] = []
        var secondSeen: [Int] = []
        let first = subject.subscribe(onNext: { value in
            firstSeen.append(value)
            if value == 2 { second?.dispose() }
        })
        second = subject.subscribe(onNext: { secondSeen.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(firstSeen == [1, 2, 3])
        #expect(secondSeen == [1])
        first.dispose()
        second = nil
    }

    @Test("observers are called in subscription order")
    func observersAreCalledInSubscriptionOrder() {
        let subject = PublishSubject<Int>()
        let journal = Journal()
        let subscriptions = (0..<4).map { index in
            subject.subscribe(onNext: { value in journal.record("\(index):\(value)") })
        }
        subject.onNext(7)
        subscriptions[1].dispose()
        subject.onNext(8)
        #expect(journal.entries == ["0:7", "1:7", "2:7", "3:7", "0:8", "2:8", "3:8"])
        subscriptions.forEach { $0.dispose() }
    }

    @Test("as observer feeds the subject")
    func asObserverFeedsTheSubject() {
        let subject = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        let observer: PublishSubject<Int> = subject.asObserver()
        observer.onNext(1)
        AnyObserver(subject).onNext(2)
        subject.asObservable().subscribe(EventLog<Int>()).dispose()
        observer.onCompleted()
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(subject.asObservable() === subject)
        subscription.dispose()
    }

    @Test("subject can forward another sequence")
    func subjectCanForwardAnotherSequence() {
        let subject = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.subscribe(log)
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        source.subscribe(subject).dispose()
        #expect(log.events == [.next(1), .next(2), .completed])
        subscription.dispose()
    }

    // MARK: - Virtual time

    @Test("virtual time subscribers see the elements while subscribed")
    func virtualTimeSubscribersSeeTheElementsWhileSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5),
            .next(410, 6), .next(520, 7), .next(630, 8), .next(710, 9), .next(870, 10),
            .next(940, 11), .next(1020, 12),
        ])
        var subject: PublishSubject<Int>?
        var source: Disposable?
        var subscriptions: [Disposable?] = [nil, nil, nil]
        let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }

        scheduler.scheduleAt(100) { subject = PublishSubject() }
        scheduler.scheduleAt(200) { source = subject.map { xs.subscribe($0) } }
        scheduler.scheduleAt(1000) { source?.dispose() }
        scheduler.scheduleAt(300) { subscriptions[0] = subject?.subscribe(results[0]) }
        scheduler.scheduleAt(400) { subscriptions[1] = subject?.subscribe(results[1]) }
        scheduler.scheduleAt(900) { subscriptions[2] = subject?.subscribe(results[2]) }
        scheduler.scheduleAt(600) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(700) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(800) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(950) { subscriptions[2]?.dispose() }
        scheduler.start()

        #expect(results[0].events == [.next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(results[1].events == [.next(410, 6), .next(520, 7), .next(630, 8)])
        #expect(results[2].events == [.next(940, 11)])
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
        var subject: PublishSubject<Int>?
        var source: Disposable?
        var subscriptions: [Disposable?] = [nil, nil, nil]
        let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }

        scheduler.scheduleAt(100) { subject = PublishSubject() }
        scheduler.scheduleAt(200) { source = subject.map { xs.subscribe($0) } }
        scheduler.scheduleAt(1000) { source?.dispose() }
        scheduler.scheduleAt(300) { subscriptions[0] = subject?.subscribe(results[0]) }
        scheduler.scheduleAt(400) { subscriptions[1] = subject?.subscribe(results[1]) }
        scheduler.scheduleAt(900) { subscriptions[2] = subject?.subscribe(results[2]) }
        scheduler.scheduleAt(600) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(700) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(950) { subscriptions[2]?.dispose() }
        scheduler.start()

        #expect(results[0].events == [.next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(results[1].events == [.next(410, 6), .next(520, 7), .completed(630)])
        #expect(results[2].events == [.completed(900)])
        // The subject is a plain observer: the hot source keeps the subscription until 1000.
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("virtual time error reaches current and later subscribers")
    func virtualTimeErrorReachesCurrentAndLaterSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 2), .next(220, 3), .next(340, 5), .next(410, 6), .error(630, testError),
            .next(640, 9), .completed(650),
        ])
        var subject: PublishSubject<Int>?
        var source: Disposable?
        var subscriptions: [Disposable?] = [nil, nil, nil]
        let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }

        scheduler.scheduleAt(100) { subject = PublishSubject() }
        scheduler.scheduleAt(200) { source = subject.map { xs.subscribe($0) } }
        scheduler.scheduleAt(1000) { source?.dispose() }
        scheduler.scheduleAt(300) { subscriptions[0] = subject?.subscribe(results[0]) }
        scheduler.scheduleAt(400) { subscriptions[1] = subject?.subscribe(results[1]) }
        scheduler.scheduleAt(900) { subscriptions[2] = subject?.subscribe(results[2]) }
        scheduler.scheduleAt(600) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(700) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(950) { subscriptions[2]?.dispose() }
        scheduler.start()

        #expect(results[0].events == [.next(340, 5), .next(410, 6)])
        #expect(results[1].events == [.next(410, 6), .error(630, testError)])
        #expect(results[2].events == [.error(900, testError)])
    }

    // MARK: - Resources, threads and anomalies

    @Test("subscriptions are counted until unsubscribed and released", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func subscriptionsAreCountedUntilUnsubscribedAndReleased() {
        let before = Resources.snapshot()
        let subject = PublishSubject<Int>()
        var subscription: Disposable? = subject.subscribe(EventLog<Int>())
        var during = Resources.snapshot().difference(from: before)
        #expect(during["PublishSubject<Int>"] == 1)
        #expect(during["SubjectSubscription"] == 1)
        subscription?.dispose()
        subscription = nil
        during = Resources.snapshot().difference(from: before)
        #expect(during["SubjectSubscription"] == nil)
        #expect(during["PublishSubject<Int>"] == 1)
    }

    @Test("concurrent subscribers get contiguous runs and stayers get everything to the end")
    func concurrentSubscribersGetContiguousRunsAndStayersGetEverythingToTheEnd() {
        let subject = PublishSubject<Int>()
        let witness = EventLog<Int>()
        let witnessSubscription = subject.subscribe(witness)
        let outcome = stressSubject(
            subscribe: { subject.subscribe($0) },
            send: { subject.on($0) }
        )
        let all = Array(0..<outcome.emitted)
        #expect(witness.events == all.map { .next($0) } + [.completed])
        #expect(outcome.churned.count == 4 * 300)
        let broken = outcome.churned.filter { events in
            events.contains { $0.isStopEvent } || !areConsecutive(events.compactMap(\.element))
        }
        #expect(broken.isEmpty)
        #expect(outcome.stayed.count == 4)
        for events in outcome.stayed {
            let elements = events.compactMap(\.element)
            #expect(events.last?.isCompleted == true)
            #expect(events.filter(\.isStopEvent).count == 1)
            #expect(areConsecutive(elements))
            // The last worker may subscribe just before the completion and get no element.
            #expect(elements.isEmpty || elements.last == outcome.emitted - 1)
        }
        #expect(!subject.hasObservers)
        witnessSubscription.dispose()
    }

    #if DEBUG
    @Test("reentrant on is reported as an anomaly")
    func reentrantOnIsReportedAsAnAnomaly() {
        let subject = PublishSubject<Int>()
        let anomalies = Locked<[SynchronizationAnomaly]>([])
        let previous = Hooks.synchronizationAnomalyHandler
        Hooks.synchronizationAnomalyHandler = { anomaly in
            if anomaly.typeName.hasPrefix("PublishSubject<") { anomalies.withLock { $0.append(anomaly) } }
        }
        defer { Hooks.synchronizationAnomalyHandler = previous }
        var seen: [Int] = []
        let subscription = subject.subscribe(onNext: { value in
            seen.append(value)
            if value == 1 { subject.onNext(2) }
        })
        subject.onNext(1)
        #expect(seen == [1, 2])
        #expect(anomalies.withLock { $0.map(\.kind) } == [.reentrancy])
        #expect(anomalies.withLock { $0.first?.typeName } == "PublishSubject<Int>")
        subscription.dispose()
    }
    #endif
}
