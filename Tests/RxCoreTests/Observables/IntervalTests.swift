import RxCore
import RxTest
import Testing

@Suite("interval")
struct IntervalTests {
    @Test("emits 0, 1, 2, ... every period after subscribing, nothing after disposal")
    func basic() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            // `start` runs the scheduler until no work is left: it returns only because the
            // disposal at 1000 cancelled the pending tick.
            let res = scheduler.start { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
            #expect(
                res.events == [
                    .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3),
                    .next(700, 4), .next(800, 5), .next(900, 6),
                ])
        }
    }

    @Test("disposed early, no tick comes later")
    func disposedEarly() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.createObserver(Int64.self)
            var subscription: Disposable?
            scheduler.scheduleAt(200) {
                subscription = Observable<Int64>.interval(.seconds(10), scheduler: scheduler).subscribe(observer)
            }
            scheduler.scheduleAt(235) { subscription?.dispose() }
            scheduler.advanceTo(2000)
            #expect(observer.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
        }
    }

    @Test("the subscriber can stop it from inside onNext")
    func disposeFromInside() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var received: [String] = []
            scheduler.scheduleAt(0) {
                var subscription: Disposable?
                subscription = Observable<Int>.interval(.seconds(5), scheduler: scheduler).subscribe(onNext: { value in
                    received.append("\(value) at \(scheduler.clock)")
                    if value == 2 { subscription?.dispose() }
                })
            }
            scheduler.start()
            #expect(received == ["0 at 5", "1 at 10", "2 at 15"])
        }
    }

    @Test("the count wraps around at the end of the element type")
    func wrapsAround() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 459) { Observable<UInt8>.interval(.seconds(1), scheduler: scheduler) }
            #expect(res.events.count == 258)
            #expect(res.events.first == .next(201, 0))
            #expect(Array(res.events.suffix(3)) == [.next(456, 255), .next(457, 0), .next(458, 1)])
        }
    }

    @Test("each subscription has its own count and timer")
    func independentSubscriptions() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let source = Observable<Int>.interval(.seconds(100), scheduler: scheduler)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(0) { subscriptions.append(source.subscribe(first)) }
            scheduler.scheduleAt(150) { subscriptions.append(source.subscribe(second)) }
            scheduler.scheduleAt(350) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            #expect(first.events == [.next(100, 0), .next(200, 1), .next(300, 2)])
            #expect(second.events == [.next(250, 0)])
        }
    }
}
