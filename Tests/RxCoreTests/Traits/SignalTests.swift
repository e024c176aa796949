import RxCore
import RxTest
import Testing

@Suite("Signal", .resourceBalanced)
struct SignalTests {
    @Test("asSignal(onErrorJustReturn:) shares without replay: a late subscriber sees only later elements")
    func noReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .error(250, testError)])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = xs.asSignal(onErrorJustReturn: -1)
            scheduler.scheduleAt(200) { disposables.append(signal.emit(to: early)) }
            scheduler.scheduleAt(220) { disposables.append(signal.emit(to: late)) }
            scheduler.scheduleAt(300) { disposables.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(early.events == [.next(211, 1), .next(231, 2), .next(251, -1), .completed(251)])
        #expect(late.events == [.next(231, 2), .next(251, -1), .completed(251)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("asSignal(onErrorSignalWith:) and asSignal(onErrorRecover:)")
    func fallbacks() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asSignal(onErrorSignalWith: Signal.just(-1)) }
            #expect(res.events == [.next(211, 1), .next(222, -1), .completed(222)])
        }

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .error(220, testError)])
        var seen: [String] = []
        SharingScheduler.mock(scheduler: scheduler2) {
            let res = scheduler2.start {
                ys.asSignal(onErrorRecover: { error in
                    seen.append("\(error)")
                    return Signal.of(7, 8)
                })
            }
            #expect(res.events == [.next(211, 1), .next(222, 7), .next(223, 8), .completed(224)])
        }
        #expect(seen == ["TestError(1)"])
    }

    @Test("PublishRelay.asSignal and Infallible.asSignal deliver through the sharing scheduler")
    func relayAndInfallible() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        let fromRelay = scheduler.createObserver(Int.self)
        let fromInfallible = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let relaySignal = relay.asSignal()
            let infallibleSignal = Infallible.just(5).asSignal()
            scheduler.scheduleAt(200) {
                relay.accept(0)
                disposables.append(relaySignal.emit(to: fromRelay))
                disposables.append(infallibleSignal.emit(to: fromInfallible))
            }
            scheduler.scheduleAt(210) { relay.accept(1) }
            scheduler.scheduleAt(300) { disposables.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(fromRelay.events == [.next(211, 1)])
        // `just` sends both events at 200; the hop to the sharing scheduler delivers them one
        // scheduled step apart.
        #expect(fromInfallible.events == [.next(201, 5), .completed(202)])
    }

    @Test("emit(to:) observers, observers of optionals, and each kind of relay")
    func emitTo() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)
        let publish = PublishRelay<Int>()
        let publishOptional = PublishRelay<Int?>()
        let behavior = BehaviorRelay(value: 0)
        let behaviorOptional = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        let replayOptional = ReplayRelay<Int?>.create(bufferSize: 1)
        var relayed: [String] = []
        let watchers = [
            publish.subscribe(onNext: { relayed.append("publish \($0)") }),
            publishOptional.subscribe(onNext: { relayed.append("publish? \($0 as Any)") }),
        ]
        SharingScheduler.mock(scheduler: scheduler) {
            _ = Signal.just(1).emit(to: first, second)
            _ = (Signal.just(2) as Signal<Int>).emit(to: optional)
            _ = Signal.just(3).emit(to: publish)
            _ = (Signal.just(4) as Signal<Int>).emit(to: publishOptional)
            _ = Signal.just(5).emit(to: behavior)
            _ = (Signal.just(6) as Signal<Int>).emit(to: behaviorOptional)
            _ = Signal.just(7).emit(to: replay)
            _ = (Signal.just(8) as Signal<Int>).emit(to: replayOptional)
            scheduler.start()
        }
        watchers.forEach { $0.dispose() }
        replay.subscribe(onNext: { relayed.append("replay \($0)") }).dispose()
        replayOptional.subscribe(onNext: { relayed.append("replay? \($0 as Any)") }).dispose()
        #expect(first.events == [.next(1, 1), .completed(1)])
        #expect(second.events == [.next(1, 1), .completed(1)])
        #expect(optional.events == [.next(1, 2), .completed(1)])
        #expect(behavior.value == 5)
        #expect(behaviorOptional.value == 6)
        #expect(relayed == ["publish 3", "publish? Optional(4)", "replay 7", "replay? Optional(8)"])
    }

    @Test("emit(onNext:onCompleted:onDisposed:), emit() and emit(with:)")
    func emitClosures() {
        final class Owner {
            var values: [Int] = []
        }
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner()
        var log: [String] = []
        SharingScheduler.mock(scheduler: scheduler) {
            _ = Signal.of(1, 2).emit(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            _ = Signal.of(3, 4).emit(
                with: owner,
                onNext: { $0.values.append($1) },
                onCompleted: { _ in log.append("owner done") }
            )
            let silent = Signal<Int>.never().do(onDispose: { log.append("silent disposed") }).emit()
            scheduler.start()
            silent.dispose()
        }
        #expect(log == ["next 1", "next 2", "completed", "disposed", "owner done", "silent disposed"])
        #expect(owner.values == [3, 4])
    }
}
