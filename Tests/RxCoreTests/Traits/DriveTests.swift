import RxCore
import RxTest
import Testing

/// The `drive` family, on drivers built inside `SharingScheduler.mock` (so they may be driven
/// from the test's thread); `scheduler.start()` delivers what they send.
@Suite("Driver: the drive family", .resourceBalanced)
struct DriveTests {
    @Test("drive(_:) with one and with two observers: each sees every event")
    func observers() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let only = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            _ = Driver.just(1).drive(first, second)
            _ = Driver.of(2, 3).drive(only)
            scheduler.start()
        }
        #expect(first.events == [.next(1, 1), .completed(1)])
        #expect(second.events == [.next(1, 1), .completed(1)])
        #expect(only.events == [.next(1, 2), .next(2, 3), .completed(3)])
    }

    @Test("drive(_:) with observers of optionals wraps the elements")
    func optionalObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int?.self)
        let second = scheduler.createObserver(Int?.self)
        SharingScheduler.mock(scheduler: scheduler) {
            _ = (Driver.just(1) as Driver<Int>).drive(first, second)
            // Without the annotation, `Driver.just(1).drive(optional)` must still compile.
            _ = Driver.just(2).drive(first)
            scheduler.start()
        }
        #expect(first.events == [.next(1, 1), .completed(1), .next(1, 2), .completed(1)])
        #expect(second.events == [.next(1, 1), .completed(1)])
    }

    @Test("drive(_:) into BehaviorRelays, of the element type and of optionals")
    func behaviorRelays() {
        let scheduler = TestScheduler(initialClock: 0)
        let plain1 = BehaviorRelay(value: 0)
        let plain2 = BehaviorRelay(value: 0)
        let optional1 = BehaviorRelay<Int?>(value: nil)
        let optional2 = BehaviorRelay<Int?>(value: nil)
        let unannotated = BehaviorRelay<Int?>(value: nil)
        SharingScheduler.mock(scheduler: scheduler) {
            _ = Driver.of(1, 2).drive(plain1, plain2)
            _ = (Driver.just(3) as Driver<Int>).drive(optional1, optional2)
            _ = Driver.just(4).drive(unannotated)
            scheduler.start()
        }
        #expect([plain1.value, plain2.value] == [2, 2])
        #expect([optional1.value, optional2.value, unannotated.value] == [3, 3, 4])
    }

    @Test("drive(_:) into ReplayRelays, of the element type and of optionals")
    func replayRelays() {
        let scheduler = TestScheduler(initialClock: 0)
        let plain = ReplayRelay<Int>.createUnbounded()
        let optional = ReplayRelay<Int?>.createUnbounded()
        SharingScheduler.mock(scheduler: scheduler) {
            _ = Driver.of(1, 2).drive(plain)
            _ = (Driver.just(3) as Driver<Int>).drive(optional)
            scheduler.start()
        }
        var received: [String] = []
        plain.subscribe(onNext: { received.append("plain \($0)") }).dispose()
        optional.subscribe(onNext: { received.append("optional \($0 as Any)") }).dispose()
        #expect(received == ["plain 1", "plain 2", "optional Optional(3)"])
    }

    @Test("drive(_:) with a binding function, and with a curried one")
    func transformations() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        var curried: [String] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let disposable: Disposable = Driver.just(1).drive { $0.subscribe(observer) }
            let label: String = Driver.just(2).drive(
                { source in
                    { (prefix: String) in
                        _ = source.subscribe(onNext: { curried.append("\(prefix) \($0)") })
                        return prefix
                    }
                }, curriedArgument: "value")
            scheduler.start()
            disposable.dispose()
            #expect(label == "value")
        }
        #expect(observer.events == [.next(1, 1), .completed(1)])
        #expect(curried == ["value 2"])
    }

    @Test("drive(onNext:onCompleted:onDisposed:) and drive()")
    func closures() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var log: [String] = []
        SharingScheduler.mock(scheduler: scheduler) {
            _ = xs.asDriver(onErrorJustReturn: -1).drive(
                onNext: { log.append("next \($0) at \(scheduler.clock)") },
                onCompleted: { log.append("completed at \(scheduler.clock)") },
                onDisposed: { log.append("disposed at \(scheduler.clock)") }
            )
            let silent = Driver<Int>.never().do(onSubscribe: { log.append("subscribed") }).drive()
            scheduler.start()
            silent.dispose()
        }
        #expect(log == ["subscribed", "next 1 at 211", "completed at 221", "disposed at 221"])
        #expect(xs.subscriptions == [Subscription(0, 220)])
    }

    @Test("drive(with:) passes the object while it lives, and nothing after")
    func withObject() {
        final class Screen {
            var titles: [String] = []
            var closed = 0
        }
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: "a")
        var screen: Screen? = Screen()
        let weakScreen = { [weak screen] in screen }
        var subscription: Disposable?
        var seen: [String] = []
        SharingScheduler.mock(scheduler: scheduler) {
            subscription = relay.asDriver().drive(
                with: screen!,
                onNext: { screen, title in screen.titles.append(title) },
                onDisposed: { $0.closed += 1 }
            )
            scheduler.scheduleAt(10) { relay.accept("b") }
            scheduler.scheduleAt(20) {
                seen = screen?.titles ?? []
                screen = nil
            }
            scheduler.scheduleAt(30) { relay.accept("c") }
            scheduler.start()
        }
        subscription?.dispose()
        #expect(seen == ["a", "b"])
        #expect(weakScreen() == nil)
    }
}
