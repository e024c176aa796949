import RxCore
import RxTest
import Testing

/// Drivers on virtual time: built inside `SharingScheduler.mock`, they deliver through the
/// test scheduler, which runs work scheduled "now" one tick later (the hop `observe(on:)`
/// makes to the sharing scheduler shows as +1).
@Suite("Driver", .resourceBalanced)
struct DriverTests {
    @Test("asDriver(onErrorJustReturn:): the elements hop to the sharing scheduler; an error becomes the element")
    func onErrorJustReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asDriver(onErrorJustReturn: -1) }
            #expect(res.events == [.next(211, 2), .next(221, 3), .next(231, -1), .completed(231)])
        }
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("sharing: one source subscription, the latest element replayed, a fresh connection after all left")
    func sharingWhenErroring() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        let observer3 = scheduler.createObserver(Int.self)
        let xs = scheduler.createColdObservable([
            .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .error(50, testError),
        ])
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asDriver(onErrorJustReturn: -1)
            scheduler.scheduleAt(200) { disposables.append(driver.drive(observer1)) }
            scheduler.scheduleAt(225) { disposables.append(driver.drive(observer2)) }
            scheduler.scheduleAt(235) { disposables[0].dispose() }
            scheduler.scheduleAt(260) { disposables[1].dispose() }
            scheduler.scheduleAt(260) { disposables.append(driver.drive(observer3)) }
            scheduler.scheduleAt(285) { disposables[2].dispose() }
            scheduler.start()
        }
        #expect(observer1.events == [.next(211, 0), .next(221, 1), .next(231, 2)])
        #expect(observer2.events == [.next(225, 1), .next(231, 2), .next(241, 3), .next(251, -1), .completed(251)])
        #expect(observer3.events == [.next(271, 0), .next(281, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(260, 285)])
    }

    @Test("sharing: a completed driver replays nothing to a later connection, which starts over")
    func sharingWhenCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer1 = scheduler.createObserver(Int.self)
        let observer2 = scheduler.createObserver(Int.self)
        let xs = scheduler.createColdObservable([.next(10, 0), .completed(20)])
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asDriver(onErrorJustReturn: -1)
            scheduler.scheduleAt(200) { disposables.append(driver.drive(observer1)) }
            scheduler.scheduleAt(250) { disposables.append(driver.drive(observer2)) }
            scheduler.scheduleAt(300) { disposables.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(observer1.events == [.next(211, 0), .completed(221)])
        #expect(observer2.events == [.next(261, 0), .completed(271)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(250, 270)])
    }

    @Test("asDriver(onErrorDriveWith:) continues with the fallback driver")
    func onErrorDriveWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asDriver(onErrorDriveWith: Driver.just(-1)) }
            // The error hops at 221; `just` is subscribed on the sharing scheduler, one tick on.
            #expect(res.events == [.next(211, 1), .next(222, -1), .completed(222)])
        }
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("asDriver(onErrorRecover:) receives the error and continues with its driver")
    func onErrorRecover() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        var seen: [String] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                xs.asDriver(onErrorRecover: { error in
                    seen.append("\(error)")
                    return Driver.empty()
                })
            }
            #expect(res.events == [.next(211, 1), .completed(222)])
        }
        #expect(seen == ["TestError(1)"])
    }

    @Test("a source without error: the completion also hops; disposed early, the source is unsubscribed")
    func completionAndEarlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start(disposed: 250) { xs.asDriver(onErrorJustReturn: -1) }
            #expect(res.events == [.next(211, 1), .next(241, 2)])
        }
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("just, empty, never, of, from and from(optional:) deliver through the sharing scheduler")
    func factories() {
        func run<Element: Equatable>(_ make: () -> Driver<Element>) -> [Recorded<Event<Element>>] {
            let scheduler = TestScheduler(initialClock: 0)
            var events: [Recorded<Event<Element>>] = []
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = make()
                events = scheduler.start { driver }.events
            }
            return events
        }
        #expect(run { Driver.just(1) } == [.next(201, 1), .completed(201)])
        #expect(run { Driver<Int>.empty() } == [.completed(201)])
        #expect(run { Driver<Int>.never() }.isEmpty)
        #expect(run { Driver.of(1, 2) } == [.next(201, 1), .next(202, 2), .completed(203)])
        #expect(run { Driver.from([3, 4]) } == [.next(201, 3), .next(202, 4), .completed(203)])
        #expect(run { Driver.from(optional: 5) } == [.next(201, 5), .completed(202)])
        #expect(run { Driver<Int>.from(optional: nil) } == [.completed(201)])
    }

    @Test("deferred calls its factory for each connection, not for each subscriber")
    func deferred() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var calls = 0
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver<Int>.deferred {
                calls += 1
                return Driver.just(calls)
            }
            scheduler.scheduleAt(200) {
                disposables.append(driver.drive(first))
                disposables.append(driver.drive(second))
            }
            scheduler.scheduleAt(300) { disposables.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(calls == 1)
        #expect(first.events == [.next(201, 1), .completed(201)])
        #expect(second.events == [.next(201, 1), .completed(201)])
    }

    @Test("interval and timer share one timer among subscribers")
    func timers() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let ticks = Driver<Int>.interval(.seconds(10))
            scheduler.scheduleAt(200) { disposables.append(ticks.drive(first)) }
            scheduler.scheduleAt(225) { disposables.append(ticks.drive(late)) }
            scheduler.scheduleAt(241) { disposables.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(first.events == [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
        #expect(late.events == [.next(225, 1), .next(230, 2), .next(240, 3)])

        let scheduler2 = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler2) {
            let res = scheduler2.start(disposed: 236) { Driver<Int>.timer(.seconds(5), period: .seconds(15)) }
            #expect(res.events == [.next(205, 0), .next(220, 1), .next(235, 2)])
        }
    }

    @Test("BehaviorRelay.asDriver starts with the current value; Infallible.asDriver keeps the elements")
    func relayAndInfallible() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 0)
        let xs = scheduler.createHotObservable([.next(215, 7), .completed(230)])
        let fromRelay = scheduler.createObserver(Int.self)
        let fromInfallible = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let relayDriver = relay.asDriver()
            let infallibleDriver = xs.asInfallible(onErrorJustReturn: -1).asDriver()
            scheduler.scheduleAt(200) {
                disposables.append(relayDriver.drive(fromRelay))
                disposables.append(infallibleDriver.drive(fromInfallible))
            }
            scheduler.scheduleAt(210) { relay.accept(1) }
            scheduler.scheduleAt(300) { disposables.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(fromRelay.events == [.next(201, 0), .next(211, 1)])
        #expect(fromInfallible.events == [.next(216, 7), .completed(231)])
    }

    @Test("asSharedSequence(sharingStrategy:) is the generic conversion behind asDriver")
    func asSharedSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                xs.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: 0)
            }
            #expect(res.events == [.next(211, 1), .next(221, 0), .completed(221)])
        }
    }

    @Test("SharingScheduler.make gives the mock inside mock, the main scheduler outside")
    func make() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            #expect(SharingScheduler.make() as? TestScheduler === scheduler)
            #expect(DriverSharingStrategy.scheduler as? TestScheduler === scheduler)
            #expect(SignalSharingStrategy.scheduler as? TestScheduler === scheduler)
        }
        // Outside a mock each call makes its own main scheduler, as in RxSwift.
        #expect(SharingScheduler.make() is MainScheduler)
        #expect(SharingScheduler.make() as? MainScheduler !== SharingScheduler.make() as? MainScheduler)
        var made = 0
        let makeScheduler: () -> SchedulerType = {
            made += 1
            return scheduler
        }
        SharingScheduler.mock(makeScheduler: makeScheduler) {
            _ = Driver.just(1)
            _ = Driver.of(1, 2)
        }
        #expect(made == 2)
    }
}
