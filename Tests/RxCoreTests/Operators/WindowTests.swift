import RxCore
import RxTest
import Testing

@Suite("window(timeSpan:count:scheduler:)", .resourceBalanced)
struct WindowTests {
    private static let numbers: [Recorded<Event<Int>>] = [
        .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
        .next(420, 8), .next(470, 9), .completed(600),
    ]

    /// Tags each element with the index of its window, as RxSwift's own window tests do.
    private static func tagged(_ windows: Observable<Observable<Int>>) -> Observable<String> {
        windows.enumerated().flatMap { index, window in window.map { "\(index) \($0)" } }
    }

    @Test("windows close when full or when the time span passes")
    func countOrTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start { Self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)) }
        expectEvents(
            res.events,
            [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"),
                .next(280, "1 4"),
                .next(320, "2 5"), .next(350, "2 6"), .next(370, "2 7"),
                .next(420, "3 8"),
                .next(470, "4 9"),
                .completed(600),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test("each window's own events: opened at once after the previous one, possibly empty")
    func eachWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let windows = SubsequenceRecorder<Int>(scheduler: scheduler)
        let outer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
                .map { window -> Int in
                    windows.record(window)
                    return windows.arrivals.count
                }
                .subscribe(outer)
        }
        scheduler.start()
        subscription?.dispose()
        #expect(windows.arrivals == [200, 240, 310, 370, 440, 510, 580])
        expectEvents(
            outer.events,
            [
                .next(200, 1), .next(240, 2), .next(310, 3), .next(370, 4), .next(440, 5), .next(510, 6), .next(580, 7),
                .completed(600),
            ])
        let expected: [[Recorded<Event<Int>>]] = [
            [.next(205, 1), .next(210, 2), .next(240, 3), .completed(240)],
            [.next(280, 4), .completed(310)],
            [.next(320, 5), .next(350, 6), .next(370, 7), .completed(370)],
            [.next(420, 8), .completed(440)],
            [.next(470, 9), .completed(510)],
            [.completed(580)],
            [.completed(600)],
        ]
        #expect(windows.events == expected)
    }

    @Test("an error reaches the open window and the result")
    func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .error(300, testError)])
        let res = scheduler.start { Self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)) }
        expectEvents(res.events, [.next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("disposed early: the windows stop and the source is unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start(disposed: 375) {
            Self.tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
        }
        expectEvents(
            res.events,
            [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"),
                .next(320, "2 5"), .next(350, "2 6"), .next(370, "2 7"),
            ])
        #expect(xs.subscriptions == [Subscription(200, 375)])
    }

    @Test("disposing the windows' subscription keeps the source while a window is observed")
    func outerDisposedWhileWindowObserved() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let windows = SubsequenceRecorder<Int>(scheduler: scheduler)
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
                .subscribe(onNext: { windows.record($0) })
        }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        // The window opened at 240 still receives 4 and closes on its tick at 310, which
        // releases the source; no window is handed out after the disposal.
        #expect(windows.arrivals == [200, 240])
        #expect(
            windows.events == [
                [.next(205, 1), .next(210, 2), .next(240, 3), .completed(240)],
                [.next(280, 4), .completed(310)],
            ])
        #expect(xs.subscriptions == [Subscription(200, 310)])
    }

    @Test("a window subscribed after it closed receives its completion")
    func lateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        var first: Observable<Int>?
        let late = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
                .subscribe(onNext: { window in if first == nil { first = window } })
        }
        scheduler.scheduleAt(250) { _ = first?.subscribe(late) }
        scheduler.start()
        subscription?.dispose()
        first = nil
        expectEvents(late.events, [.completed(250)])
    }
}
