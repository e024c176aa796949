import RxCore
import RxTest
import Testing

/// The operators of SharedSequence on drivers built from hot observables: every event of the
/// source reaches the driver one tick later (the hop to the sharing scheduler).
@Suite("SharedSequence operators", .resourceBalanced)
struct SharedSequenceOperatorsTests {
    private static let events: [Recorded<Event<Int>>] = [
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
    ]

    @Test("map, filter and compactMap")
    func transform() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        #expect(
            sharedEvents(scheduler) { xs.asDriver(onErrorJustReturn: -1).map { $0 * 10 } }
                == [.next(211, 10), .next(221, 20), .next(231, 30), .completed(241)])
        #expect(xs.subscriptions == [Subscription(200, 240)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable(Self.events)
        #expect(
            sharedEvents(scheduler2) { ys.asDriver(onErrorJustReturn: -1).filter { $0 != 2 } }
                == [.next(211, 1), .next(231, 3), .completed(241)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable(Self.events)
        #expect(
            sharedEvents(scheduler3) { zs.asDriver(onErrorJustReturn: -1).compactMap { $0 == 2 ? nil : "\($0)" } }
                == [.next(211, "1"), .next(231, "3"), .completed(241)])
    }

    @Test("an operator's result is shared again: one source subscription, replay to a late subscriber")
    func resultIsShared() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var mapped = 0
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asDriver(onErrorJustReturn: -1)
                .map { value -> Int in
                    mapped += 1
                    return value * 10
                }
            scheduler.scheduleAt(200) { disposables.append(driver.drive(early)) }
            scheduler.scheduleAt(225) { disposables.append(driver.drive(late)) }
            scheduler.scheduleAt(300) { disposables.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(early.events == [.next(211, 10), .next(221, 20), .next(231, 30), .completed(241)])
        #expect(late.events == [.next(225, 20), .next(231, 30), .completed(241)])
        #expect(mapped == 3)
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("do runs its side effects once per connection, around the events")
    func doHandlers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var log: [String] = []
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asDriver(onErrorJustReturn: -1).do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            scheduler.scheduleAt(200) {
                disposables.append(driver.drive(onNext: { log.append("first \($0)") }))
                disposables.append(driver.drive(onNext: { log.append("second \($0)") }))
            }
            scheduler.start()
        }
        disposables.forEach { $0.dispose() }
        // The completion ends the shared connection while it passes, so the connection's
        // disposal comes before `afterCompleted`.
        #expect(
            log == [
                "onSubscribe", "onSubscribed", "onNext 1", "first 1", "second 1", "afterNext 1", "onCompleted",
                "onDispose", "afterCompleted",
            ])
    }

    @Test("flatMap merges inner drivers; flatMapFirst drops elements while one runs")
    func flatMapAndFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        // The inner `just` is subscribed on the sharing scheduler, one more tick on.
        #expect(
            sharedEvents(scheduler) { xs.asDriver(onErrorJustReturn: -1).flatMap { Driver.just($0 * 10) } }
                == [.next(212, 10), .next(222, 20), .next(232, 30), .completed(241)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let inner = scheduler2.createColdObservable([.next(10, 10), .completed(25)])
        let res = sharedEvents(scheduler2) {
            ys.asDriver(onErrorJustReturn: -1).flatMapFirst { value in
                inner.asDriver(onErrorJustReturn: -1).map { $0 * value }
            }
        }
        #expect(res == [.next(222, 10), .next(252, 30), .completed(301)])
        #expect(inner.subscriptions == [Subscription(211, 236), Subscription(241, 266)])
    }

    @Test("flatMapLatest disposes the previous inner driver when a new element arrives")
    func flatMapLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let inner = scheduler.createColdObservable([.next(10, 10), .next(40, 20), .completed(50)])
        let res = sharedEvents(scheduler) {
            xs.asDriver(onErrorJustReturn: -1).flatMapLatest { value in
                inner.asDriver(onErrorJustReturn: -1).map { $0 * value }
            }
        }
        #expect(res == [.next(222, 10), .next(252, 20), .next(282, 40), .completed(301)])
        #expect(inner.subscriptions == [Subscription(211, 241), Subscription(241, 291)])
    }

    @Test("scan, startWith, skip and take")
    func scanStartSkipTake() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.events)
        #expect(
            sharedEvents(scheduler) { xs.asDriver(onErrorJustReturn: -1).scan(100, accumulator: +) }
                == [.next(211, 101), .next(221, 103), .next(231, 106), .completed(241)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable(Self.events)
        #expect(
            sharedEvents(scheduler2) { ys.asDriver(onErrorJustReturn: -1).startWith(9) }
                == [.next(200, 9), .next(211, 1), .next(221, 2), .next(231, 3), .completed(241)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable(Self.events)
        #expect(
            sharedEvents(scheduler3) { zs.asDriver(onErrorJustReturn: -1).skip(2) }
                == [.next(231, 3), .completed(241)])

        let scheduler4 = TestScheduler(initialClock: 0)
        let ws = scheduler4.createHotObservable(Self.events)
        #expect(
            sharedEvents(scheduler4) { ws.asDriver(onErrorJustReturn: -1).take(2) }
                == [.next(211, 1), .next(221, 2), .completed(221)])
        #expect(ws.subscriptions == [Subscription(200, 221)])
    }

    @Test("distinctUntilChanged: plain, by key, by comparer, by key and comparer, by key path")
    func distinct() {
        func run(_ make: (Driver<Int>) -> Driver<Int>) -> [Int] {
            driverElements { _ in make(Driver.of(1, 1, 2, 12, 3, 3, 13)) }
        }
        #expect(run { $0.distinctUntilChanged() } == [1, 2, 12, 3, 13])
        #expect(run { $0.distinctUntilChanged { $0 % 10 } } == [1, 2, 3])
        #expect(run { $0.distinctUntilChanged { abs($0 - $1) < 2 } } == [1, 12, 3, 13])
        #expect(run { $0.distinctUntilChanged({ $0 / 10 }, comparer: ==) } == [1, 12, 3, 13])
        #expect(run { $0.distinctUntilChanged(at: \.description.count) } == [1, 12, 3, 13])
    }

    @Test("debounce, throttle and delay run their timers on the sharing scheduler")
    func timeOperators() {
        let source: [Recorded<Event<Int>>] = [.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)]
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(source)
        #expect(
            sharedEvents(scheduler) { xs.asDriver(onErrorJustReturn: -1).debounce(.seconds(10)) }
                == [.next(226, 2), .next(251, 3), .completed(301)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable(source)
        #expect(
            sharedEvents(scheduler2) { ys.asDriver(onErrorJustReturn: -1).throttle(.seconds(20)) }
                == [.next(211, 1), .next(231, 2), .next(251, 3), .completed(301)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable(source)
        #expect(
            sharedEvents(scheduler3) { zs.asDriver(onErrorJustReturn: -1).throttle(.seconds(20), latest: false) }
                == [.next(211, 1), .next(241, 3), .completed(301)])

        let scheduler4 = TestScheduler(initialClock: 0)
        let ws = scheduler4.createHotObservable(source)
        #expect(
            sharedEvents(scheduler4) { ws.asDriver(onErrorJustReturn: -1).delay(.seconds(5)) }
                == [.next(216, 1), .next(221, 2), .next(246, 3), .completed(306)])
    }
}
