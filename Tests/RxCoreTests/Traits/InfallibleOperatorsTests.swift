import RxCore
import RxTest
import Testing

/// A testable observable seen as an infallible (its events never include an error here).
private func infallible<Element>(_ source: TestableObservable<Element>) -> Infallible<Element> {
    source.asInfallible(onErrorFallbackTo: .empty())
}

@Suite("Infallible operators", .resourceBalanced)
struct InfallibleOperatorsTests {
    @Test("just(_:scheduler:) and repeatElement send through the scheduler")
    func factories() {
        let scheduler = TestScheduler(initialClock: 0)
        // The element and the completion are two scheduled steps, each one tick apart.
        #expect(scheduler.start { Infallible.just(4, scheduler: scheduler) }.events == [.next(201, 4), .completed(202)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let repeated = scheduler2.start(disposed: 204) { Infallible.repeatElement(7, scheduler: scheduler2) }
        #expect(repeated.events == [.next(201, 7), .next(202, 7), .next(203, 7)])
    }

    @Test("timer and interval count on virtual time")
    func timers() {
        let scheduler = TestScheduler(initialClock: 0)
        let once = scheduler.start { Infallible<Int>.timer(.seconds(30), scheduler: scheduler) }
        #expect(once.events == [.next(230, 0), .completed(230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let periodic = scheduler2.start(disposed: 246) {
            Infallible<Int>.timer(.seconds(5), period: .seconds(20), scheduler: scheduler2)
        }
        #expect(periodic.events == [.next(205, 0), .next(225, 1), .next(245, 2)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let ticks = scheduler3.start(disposed: 235) { Infallible<Int>.interval(.seconds(10), scheduler: scheduler3) }
        #expect(ticks.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
    }

    @Test("flatMapLatest keeps only the latest inner infallible")
    func flatMapLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let inner = scheduler.createColdObservable([.next(10, 10), .next(40, 20), .completed(50)])
        let res = scheduler.start {
            infallible(xs).flatMapLatest { value in infallible(inner).map { $0 * value } }
        }
        // The result completes with the source, after the last inner infallible.
        #expect(res.events == [.next(220, 10), .next(250, 20), .next(280, 40), .completed(300)])
        #expect(inner.subscriptions == [Subscription(210, 240), Subscription(240, 290)])
    }

    @Test("flatMapFirst drops elements while an inner infallible runs")
    func flatMapFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3), .completed(300)])
        let inner = scheduler.createColdObservable([.next(10, 10), .completed(50)])
        let res = scheduler.start {
            infallible(xs).flatMapFirst { value in infallible(inner).map { $0 * value } }
        }
        #expect(res.events == [.next(220, 10), .next(280, 30), .completed(320)])
        #expect(inner.subscriptions == [Subscription(210, 260), Subscription(270, 320)])
    }

    @Test("concatMap runs the inner infallibles one after the other")
    func concatMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let inner = scheduler.createColdObservable([.next(10, 10), .completed(30)])
        let res = scheduler.start {
            infallible(xs).concatMap { value in infallible(inner).map { $0 * value } }
        }
        #expect(res.events == [.next(220, 10), .next(250, 20), .completed(270)])
        #expect(inner.subscriptions == [Subscription(210, 240), Subscription(240, 270)])
    }

    @Test("scan with a seed and into a seed")
    func scan() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let sums = scheduler.start { infallible(xs).scan(0, accumulator: +) }
        #expect(sums.events == [.next(210, 1), .next(220, 3), .next(230, 6), .completed(240)])

        var entries: [[Int]] = []
        _ = Infallible.of(1, 2).scan(into: [Int]()) { $0.append($1) }.subscribe(onNext: { entries.append($0) })
        #expect(entries == [[1], [1, 2]])
    }

    @Test("startWith sends the element at the subscription")
    func startWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { infallible(xs).startWith(0) }
        #expect(res.events == [.next(200, 0), .next(210, 1), .completed(220)])
    }

    @Test("do runs the handlers around the events, in order")
    func doHandlers() {
        var log: [String] = []
        _ = Infallible.of(1)
            .do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        // `of` sends through the current-thread scheduler, so the elements come after the
        // subscription has returned.
        #expect(
            log == [
                "onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onCompleted", "completed",
                "afterCompleted", "onDispose",
            ])
    }

    @Test("share(replay:) shares one subscription and replays to a late subscriber")
    func share() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let shared = infallible(xs).share(replay: 1)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.asObservable().subscribe(early)) }
        scheduler.scheduleAt(230) { subscriptions.append(shared.asObservable().subscribe(late)) }
        scheduler.scheduleAt(250) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
        #expect(early.events == [.next(210, 1), .next(220, 2), .next(240, 3)])
        #expect(late.events == [.next(230, 2), .next(240, 3)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("distinctUntilChanged: plain, by key, by comparer, by key and comparer, by key path")
    func distinct() {
        func run(_ make: (Infallible<Int>) -> Infallible<Int>) -> [Int] {
            var values: [Int] = []
            _ = make(Infallible.of(1, 1, 2, 12, 3, 3, 13)).subscribe(onNext: { values.append($0) })
            return values
        }
        #expect(run { $0.distinctUntilChanged() } == [1, 2, 12, 3, 13])
        #expect(run { $0.distinctUntilChanged { $0 % 10 } } == [1, 2, 3])
        #expect(run { $0.distinctUntilChanged { abs($0 - $1) < 2 } } == [1, 12, 3, 13])
        #expect(run { $0.distinctUntilChanged({ $0 / 10 }, comparer: ==) } == [1, 12, 3, 13])
        #expect(run { $0.distinctUntilChanged(at: \.description.count) } == [1, 12, 3, 13])
    }

    @Test("take: count, duration, while, until a predicate, until another sequence")
    func take() {
        let scheduler = TestScheduler(initialClock: 0)
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]
        let xs = scheduler.createHotObservable(events)
        let stop = scheduler.createHotObservable([.next(225, "stop")])
        let counted = scheduler.start { infallible(xs).take(2) }
        #expect(counted.events == [.next(210, 1), .next(220, 2), .completed(220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable(events)
        let timed = scheduler2.start { infallible(ys).take(for: .seconds(25), scheduler: scheduler2) }
        #expect(timed.events == [.next(210, 1), .next(220, 2), .completed(225)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable(events)
        let stop3 = scheduler3.createHotObservable([.next(225, "stop")])
        let untilOther = scheduler3.start { infallible(zs).take(until: infallible(stop3)) }
        #expect(untilOther.events == [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(stop3.subscriptions == [Subscription(200, 225)])
        #expect(stop.subscriptions.isEmpty)

        var values: [[Int]] = []
        func collect(_ source: Infallible<Int>) {
            var batch: [Int] = []
            _ = source.subscribe(onNext: { batch.append($0) })
            values.append(batch)
        }
        collect(Infallible.of(1, 2, 3, 1).take(while: { $0 < 3 }))
        collect(Infallible.of(1, 2, 3, 1).take(while: { $0 < 3 }, behavior: .inclusive))
        collect(Infallible.of(1, 2, 3, 1).take(until: { $0 == 2 }))
        collect(Infallible.of(1, 2, 3, 1).take(until: Observable.just(())))
        #expect(values == [[1, 2], [1, 2, 3], [1], []])
    }

    @Test("skip: count, duration, while, until another sequence")
    func skip() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        #expect(scheduler.start { infallible(xs).skip(2) }.events == [.next(230, 3), .completed(240)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable(events)
        let timed = scheduler2.start { infallible(ys).skip(.seconds(15), scheduler: scheduler2) }
        #expect(timed.events == [.next(220, 2), .next(230, 3), .completed(240)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable(events)
        let gate = scheduler3.createHotObservable([.next(225, ())])
        let untilOther = scheduler3.start { infallible(zs).skip(until: gate) }
        #expect(untilOther.events == [.next(230, 3), .completed(240)])

        var values: [Int] = []
        _ = Infallible.of(1, 2, 3, 1).skip(while: { $0 < 3 }).subscribe(onNext: { values.append($0) })
        #expect(values == [3, 1])
    }

    @Test("debounce, throttle and delay on virtual time")
    func timeOperators() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)]
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let debounced = scheduler.start { infallible(xs).debounce(.seconds(10), scheduler: scheduler) }
        #expect(debounced.events == [.next(225, 2), .next(250, 3), .completed(300)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable(events)
        let throttled = scheduler2.start { infallible(ys).throttle(.seconds(20), scheduler: scheduler2) }
        #expect(throttled.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable(events)
        let delayed = scheduler3.start { infallible(zs).delay(.seconds(5), scheduler: scheduler3) }
        #expect(delayed.events == [.next(215, 1), .next(220, 2), .next(245, 3), .completed(305)])
    }

    @Test("observe(on:) and subscribe(on:) move the work to the scheduler")
    func scheduling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let observed = scheduler.start { infallible(xs).observe(on: scheduler) }
        #expect(observed.events == [.next(211, 1), .completed(221)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .completed(220)])
        let subscribed = scheduler2.start { infallible(ys).subscribe(on: scheduler2) }
        #expect(subscribed.events == [.next(210, 1), .completed(220)])
        #expect(ys.subscriptions == [Subscription(201, 220)])
    }

    @Test("relays viewed as Infallible")
    func relays() {
        var values: [String] = []
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 10)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(20)
        let subscriptions = [
            publish.asInfallible().subscribe(onNext: { values.append("publish \($0)") }),
            behavior.asInfallible().subscribe(onNext: { values.append("behavior \($0)") }),
            replay.asInfallible().subscribe(onNext: { values.append("replay \($0)") }),
        ]
        publish.accept(1)
        behavior.accept(11)
        replay.accept(21)
        subscriptions.forEach { $0.dispose() }
        publish.accept(2)
        #expect(values == ["behavior 10", "replay 20", "publish 1", "behavior 11", "replay 21"])
    }
}
