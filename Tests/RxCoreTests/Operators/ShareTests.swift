import Foundation
import RxCore
import RxTest
import Testing

@Suite("share(replay:scope:)", .resourceBalanced)
struct ShareTests {
    struct Expected {
        var replay: Int
        var scope: SubjectLifetimeScope
        var second: [Recorded<Event<Int>>]
        var late: [Recorded<Event<Int>>]
        var subscriptions: [Subscription]
    }

    static let wholeConnected: [Subscription] = [Subscription(200, 240), Subscription(250, 290)]
    static let fresh: [Recorded<Event<Int>>] = [.next(260, 1), .next(270, 2), .next(280, 3), .completed(290)]

    static let afterCompletion: [Expected] = [
        Expected(
            replay: 0, scope: .whileConnected, second: [.next(230, 3), .completed(240)], late: fresh,
            subscriptions: wholeConnected),
        Expected(
            replay: 1, scope: .whileConnected, second: [.next(225, 2), .next(230, 3), .completed(240)], late: fresh,
            subscriptions: wholeConnected),
        Expected(
            replay: 2, scope: .whileConnected, second: [.next(225, 1), .next(225, 2), .next(230, 3), .completed(240)],
            late: fresh, subscriptions: wholeConnected),
        Expected(
            replay: 0, scope: .forever, second: [.next(230, 3), .completed(240)], late: [.completed(250)],
            subscriptions: [Subscription(200, 240)]),
        Expected(
            replay: 1, scope: .forever, second: [.next(225, 2), .next(230, 3), .completed(240)],
            late: [.next(250, 3), .completed(250)], subscriptions: [Subscription(200, 240)]),
        Expected(
            replay: 2, scope: .forever, second: [.next(225, 1), .next(225, 2), .next(230, 3), .completed(240)],
            late: [.next(250, 2), .next(250, 3), .completed(250)], subscriptions: [Subscription(200, 240)]),
    ]

    @Test(
        "after the source completes: whileConnected resubscribes, forever replays the end",
        arguments: 0..<afterCompletion.count)
    func afterSourceCompletes(index: Int) {
        let expected = Self.afterCompletion[index]
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let shared = xs.share(replay: expected.replay, scope: expected.scope)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []
        scheduler.scheduleAt(200) { disposables.append(shared.subscribe(first)) }
        scheduler.scheduleAt(225) { disposables.append(shared.subscribe(second)) }
        scheduler.scheduleAt(250) { disposables.append(shared.subscribe(late)) }
        scheduler.scheduleAt(1000) { disposables.forEach { $0.dispose() } }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(second.events == expected.second)
        #expect(late.events == expected.late)
        #expect(xs.subscriptions == expected.subscriptions)
    }

    static let afterAllLeave: [(Int, SubjectLifetimeScope, [Recorded<Event<Int>>])] = [
        (0, .whileConnected, [.next(240, 4), .next(250, 5)]),
        (1, .whileConnected, [.next(240, 4), .next(250, 5)]),
        (2, .whileConnected, [.next(240, 4), .next(250, 5)]),
        (0, .forever, [.next(240, 4), .next(250, 5)]),
        (1, .forever, [.next(235, 2), .next(240, 4), .next(250, 5)]),
        (2, .forever, [.next(235, 1), .next(235, 2), .next(240, 4), .next(250, 5)]),
    ]

    @Test(
        "after every observer left: the source is unsubscribed and resubscribed by the next observer",
        arguments: 0..<afterAllLeave.count)
    func afterAllObserversLeave(index: Int) {
        let (replay, scope, expected) = Self.afterAllLeave[index]
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .error(260, testError),
        ])
        let shared = xs.share(replay: replay, scope: scope)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var firstSubscription: Disposable?
        var secondSubscription: Disposable?
        scheduler.scheduleAt(200) { firstSubscription = shared.subscribe(first) }
        scheduler.scheduleAt(225) { firstSubscription?.dispose() }
        scheduler.scheduleAt(235) { secondSubscription = shared.subscribe(second) }
        scheduler.scheduleAt(1000) { secondSubscription?.dispose() }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2)])
        #expect(second.events == expected + [.error(260, testError)])
        #expect(xs.subscriptions == [Subscription(200, 225), Subscription(235, 260)])
    }

    @Test(
        "share() keeps one source subscription for several observers; early dispose of all unsubscribes",
        arguments: [0, 1, 3])
    func oneSubscription(replay: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start(disposed: 225) { xs.share(replay: replay) }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test("a synchronous source shared with replay 1 replays its last element to an observer that joins from inside")
    func reentrantSubscription() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let inner = EventLog<Int>()
        let outer = EventLog<Int>()
        var innerSubscription: Disposable?
        let outerSubscription = shared.subscribe(onNext: { value in
            outer.on(.next(value))
            if value == 1 { innerSubscription = shared.subscribe(inner) }
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(outer.events == [.next(1), .next(2)])
        #expect(inner.events == [.next(1), .next(2)])
        outerSubscription.dispose()
        innerSubscription?.dispose()
        #expect(!subject.hasObservers)
    }

    /// The `myInterval` of the text: an interval that prints when it is subscribed and disposed.
    private func myInterval(_ scheduler: TestScheduler, printing journal: Journal) -> Observable<Int> {
        Observable.create { observer in
            journal.record("Subscribed")
            let timer = Observable<Int>.interval(.seconds(100), scheduler: scheduler).subscribe(observer)
            return Disposables.create {
                journal.record("Disposed")
                timer.dispose()
            }
        }
    }

    /// Runs the text's two-subscriber scenario on virtual time: subscribes at 0, disposes the
    /// first subscription at `firstDisposedAt` and the second at 1050.
    private func twoSubscribers(share: Bool, firstDisposedAt: TestTime) -> [String] {
        let scheduler = TestScheduler(initialClock: 0)
        let journal = Journal()
        let interval = myInterval(scheduler, printing: journal)
        let counter = share ? interval.share(replay: 1) : interval
        var subscription1: Disposable?
        var subscription2: Disposable?
        scheduler.scheduleAt(0) {
            journal.record("Started ----")
            subscription1 = counter.subscribe(onNext: { journal.record("First \($0)") })
            subscription2 = counter.subscribe(onNext: { journal.record("Second \($0)") })
        }
        scheduler.scheduleAt(firstDisposedAt) { subscription1?.dispose() }
        scheduler.scheduleAt(1050) {
            subscription2?.dispose()
            journal.record("Ended ----")
        }
        scheduler.start()
        return journal.entries
    }

    @Test("seed 001: two subscriptions to myInterval make two timers")
    func seedWithoutShare() {
        let lines = twoSubscribers(share: false, firstDisposedAt: 550)
        let expected = """
            Started ----
            Subscribed
            Subscribed
            First 0
            Second 0
            First 1
            Second 1
            First 2
            Second 2
            First 3
            Second 3
            First 4
            Second 4
            Disposed
            Second 5
            Second 6
            Second 7
            Second 8
            Second 9
            Disposed
            Ended ----
            """
        #expect(lines == expected.components(separatedBy: "\n"))
    }

    @Test("seed 001: share(replay: 1) makes one timer for both subscriptions")
    func seedWithShare() {
        let lines = twoSubscribers(share: true, firstDisposedAt: 650)
        let expected = """
            Started ----
            Subscribed
            First 0
            Second 0
            First 1
            Second 1
            First 2
            Second 2
            First 3
            Second 3
            First 4
            Second 4
            First 5
            Second 5
            Second 6
            Second 7
            Second 8
            Second 9
            Disposed
            Ended ----
            """
        #expect(lines == expected.components(separatedBy: "\n"))
    }
}
