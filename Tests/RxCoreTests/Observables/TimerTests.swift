import RxCore
import RxTest
import Testing

@Suite("timer")
struct TimerTests {
    @Test("without a period: 0 at the due time, then completion")
    func oneShot() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
            #expect(res.events == [.next(250, 0), .completed(250)])
        }
    }

    @Test("a zero due time fires in the next tick")
    func zeroDueTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.timer(.seconds(0), scheduler: scheduler) }
            #expect(res.events == [.next(201, 0), .completed(201)])
        }
    }

    @Test("disposed before the due time, nothing arrives")
    func disposedBeforeDue() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 249) { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
            #expect(res.events.isEmpty)
        }
    }

    @Test("the subscription's onDisposed runs after the completion")
    func oneShotDisposes() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var log: [String] = []
            scheduler.scheduleAt(10) {
                _ = Observable<Int>.timer(.seconds(5), scheduler: scheduler).subscribe(
                    onNext: { log.append("next \($0) at \(scheduler.clock)") },
                    onCompleted: { log.append("completed at \(scheduler.clock)") },
                    onDisposed: { log.append("disposed at \(scheduler.clock)") }
                )
            }
            scheduler.start()
            #expect(log == ["next 0 at 15", "completed at 15", "disposed at 15"])
        }
    }

    @Test("with a period: 0 at the due time, then one more every period until disposed")
    func periodic() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start {
                Observable<Int>.timer(.seconds(50), period: .seconds(30), scheduler: scheduler)
            }
            // Ticks at 250, 280, ..., 970; the one due at 1000 is cancelled by the disposal.
            let expected = (0...24).map { Recorded.next(250 + 30 * $0, $0) }
            #expect(res.events == expected)
        }
    }

    @Test("with a period, disposed before the due time, nothing arrives")
    func periodicDisposedBeforeDue() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 240) {
                Observable<Int32>.timer(.seconds(50), period: .seconds(10), scheduler: scheduler)
            }
            #expect(res.events.isEmpty)
        }
    }

    @Test("the due time and the period may differ in unit")
    func mixedUnits() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 400) {
                Observable<Int>.timer(.milliseconds(100_000), period: .seconds(60), scheduler: scheduler)
            }
            #expect(res.events == [.next(300, 0), .next(360, 1)])
        }
    }
}
