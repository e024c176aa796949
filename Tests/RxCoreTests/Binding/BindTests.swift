import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite("bind(to:) observers, binder functions and bind(onNext:)", .resourceBalanced)
struct BindTests {
    @Test("bind(to:) one observer receives every event")
    func oneObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = xs.bind(to: observer) }
        scheduler.start()
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("bind(to:) several observers: each event goes to all of them, in order, errors included")
    func severalObservers() {
        let first = EventLog<Int>()
        let second = EventLog<Int>()
        let order = Journal()
        let third = AnyObserver<Int> { event in order.record("third \(event)") }
        let source = Observable.of(1).concat(Observable.error(testError))
        let subscription = source.bind(to: first, second)
        #expect(first.events == [.next(1), .error(testError)])
        #expect(second.events == [.next(1), .error(testError)])
        let ordered = AnyObserver<Int> { event in order.record("first \(event)") }
        _ = Observable.of(7).bind(to: ordered, third)
        #expect(order.entries == ["first next(7)", "third next(7)", "first completed", "third completed"])
        subscription.dispose()
    }

    @Test("bind(to:) observers of optionals receive wrapped elements")
    func optionalObservers() {
        let first = EventLog<Int?>()
        let second = EventLog<Int?>()
        _ = Observable.of(1, 2).bind(to: first, second)
        #expect(first.events == [.next(1), .next(2), .completed])
        #expect(second.events == [.next(1), .next(2), .completed])
    }

    @Test("bind(to:) a subject forwards into it")
    func subject() {
        let subject = PublishSubject<String>()
        let log = EventLog<String>()
        let subscription = subject.subscribe(log)
        let binding = Observable.of("a", "b").bind(to: subject)
        #expect(log.events == [.next("a"), .next("b"), .completed])
        binding.dispose()
        subscription.dispose()
    }

    @Test("disposing the binding stops the events")
    func disposeStops() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(270)])
        let observer = scheduler.createObserver(Int.self)
        var binding: Disposable?
        scheduler.scheduleAt(200) { binding = xs.bind(to: observer) }
        scheduler.scheduleAt(250) { binding?.dispose() }
        scheduler.start()
        #expect(observer.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("bind(to:) a binder function returns what the function returns")
    func binderFunction() {
        let seen = Locked<[Int]>([])
        func render(_ numbers: Observable<Int>) -> Disposable {
            numbers.subscribe(onNext: { value in seen.withLock { $0.append(value) } })
        }
        let subscription: Disposable = Observable.of(1, 2).bind(to: render)
        #expect(seen.withLock { $0 } == [1, 2])
        subscription.dispose()
        let count = Observable.of(1).bind(to: { (_: Observable<Int>) in 42 })
        #expect(count == 42)
    }

    @Test("bind(to:curriedArgument:) passes the final argument")
    func curried() {
        let seen = Locked<[String]>([])
        func render(_ numbers: Observable<Int>) -> (String) -> Disposable {
            { prefix in numbers.subscribe(onNext: { value in seen.withLock { $0.append("\(prefix)\(value)") } }) }
        }
        let subscription = Observable.of(1, 2).bind(to: render, curriedArgument: "#")
        #expect(seen.withLock { $0 } == ["#1", "#2"])
        subscription.dispose()
    }

    @Test("bind(onNext:) receives the elements, also as a trailing closure")
    func onNext() {
        let seen = Locked<[Int]>([])
        let subscription = Observable.of(1, 2).bind(onNext: { value in seen.withLock { $0.append(value) } })
        let trailing = Observable.of(3).bind { value in seen.withLock { $0.append(value) } }
        #expect(seen.withLock { $0 } == [1, 2, 3])
        subscription.dispose()
        trailing.dispose()
    }

    @Test("bind(with:onNext:) passes the object while it lives and ignores elements after")
    func withObject() {
        var label: Label? = Label()
        let weakLabel = { [weak label] in label }
        let subject = PublishSubject<Int>()
        let subscription = subject.bind(with: label!) { label, value in label.count += value }
        subject.onNext(2)
        subject.onNext(3)
        #expect(label?.count == 5)
        label = nil
        #expect(weakLabel() == nil)
        subject.onNext(4)
        #expect(subject.hasObservers)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }
}

@Suite("bind(to:) relays", .resourceBalanced)
struct BindRelayTests {
    @Test("a publish relay receives the elements; the completion is ignored")
    func publishRelay() {
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        let firstLog = EventLog<Int>()
        let secondLog = EventLog<Int>()
        let subscriptions = [first.subscribe(firstLog), second.subscribe(secondLog)]
        let binding = Observable.of(1, 2).bind(to: first, second)
        first.accept(3)
        #expect(firstLog.events == [.next(1), .next(2), .next(3)])
        #expect(secondLog.events == [.next(1), .next(2)])
        binding.dispose()
        subscriptions.forEach { $0.dispose() }
    }

    @Test("a publish relay of optionals receives wrapped elements")
    func optionalPublishRelay() {
        let relay = PublishRelay<Int?>()
        let log = EventLog<Int?>()
        let subscription = relay.subscribe(log)
        _ = Observable.of(1).bind(to: relay)
        #expect(log.events == [.next(1)])
        subscription.dispose()
    }

    @Test("behavior relays take each element as their value; the completion leaves it")
    func behaviorRelay() {
        let relay = BehaviorRelay(value: 0)
        let other = BehaviorRelay(value: 0)
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let values = Locked<[String]>([])
        scheduler.scheduleAt(200) { _ = xs.bind(to: relay, other) }
        for time in [215, 225, 235] {
            scheduler.scheduleAt(TestTime(time)) { values.withLock { $0.append("\(time):\(relay.value),\(other.value)") } }
        }
        scheduler.start()
        #expect(values.withLock { $0 } == ["215:1,1", "225:2,2", "235:2,2"])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a behavior relay of optionals takes wrapped elements")
    func optionalBehaviorRelay() {
        let relay = BehaviorRelay<String?>(value: nil)
        _ = Observable.of("set").bind(to: relay)
        #expect(relay.value == "set")
    }

    @Test("replay relays buffer the elements")
    func replayRelay() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        let optional = ReplayRelay<Int?>.createUnbounded()
        _ = Observable.of(1, 2, 3).bind(to: relay)
        _ = Observable.of(4, 5).bind(to: optional)
        #expect(synchronousEvents(relay) == [.next(2), .next(3)])
        #expect(synchronousEvents(optional) == [.next(4), .next(5)])
    }
}

@Suite("bind on Infallible", .resourceBalanced)
struct InfallibleBindTests {
    @Test("bind(to:) observers, optional observers and relays")
    func observersAndRelays() {
        let log = EventLog<Int>()
        let optionalLog = EventLog<Int?>()
        _ = Infallible.of(1, 2).bind(to: log)
        _ = Infallible.of(3).bind(to: optionalLog)
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(optionalLog.events == [.next(3), .completed])

        let publish = PublishRelay<Int>()
        let published = EventLog<Int>()
        let subscription = publish.subscribe(published)
        _ = Infallible.of(4).bind(to: publish)
        #expect(published.events == [.next(4)])
        subscription.dispose()

        let behavior = BehaviorRelay<Int?>(value: nil)
        _ = Infallible.of(5).bind(to: behavior)
        #expect(behavior.value == 5)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        _ = Infallible.of(6, 7).bind(to: replay)
        #expect(synchronousEvents(replay) == [.next(7)])
        let optionalPublish = PublishRelay<Int?>()
        let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
        let plainBehavior = BehaviorRelay(value: 0)
        _ = Infallible.of(8).bind(to: optionalPublish)
        _ = Infallible.of(9).bind(to: optionalReplay)
        _ = Infallible.of(10).bind(to: plainBehavior)
        #expect(synchronousEvents(optionalReplay) == [.next(9)])
        #expect(plainBehavior.value == 10)
    }

    @Test("binder functions, bind(onNext:) and bind(with:onNext:)")
    func functionsAndClosures() {
        let seen = Locked<[Int]>([])
        _ = Infallible.of(1).bind(onNext: { value in seen.withLock { $0.append(value) } })
        let label = Label()
        _ = Infallible.of(2).bind(with: label) { label, value in label.count = value }
        #expect(seen.withLock { $0 } == [1])
        #expect(label.count == 2)
        let result = Infallible.of(3).bind(to: { (_: Infallible<Int>) in "bound" })
        #expect(result == "bound")
        let curried = Infallible.of(4).bind(to: { (_: Infallible<Int>) in { (suffix: String) in "4\(suffix)" } }, curriedArgument: "!")
        #expect(curried == "4!")
    }
}
