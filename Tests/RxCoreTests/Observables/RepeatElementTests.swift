import RxCore
import RxTest
import Testing

@Suite("repeatElement")
struct RepeatElementTests {
    @Test("on a test scheduler the element repeats every tick until disposed")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 205) { Observable.repeatElement(42, scheduler: scheduler) }
            #expect(res.events == [.next(201, 42), .next(202, 42), .next(203, 42), .next(204, 42)])
        }
    }

    @Test("on the current thread it repeats, without growing the stack, until disposed from inside")
    func disposeFromInside() {
        CreationSupport.expectNoLeaks {
            var received: [String] = []
            // Subscribing from inside a trampoline returns the subscription before the first
            // element, so the subscriber can dispose it.
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                var subscription: Disposable?
                subscription = Observable.repeatElement("ping").subscribe(onNext: { element in
                    received.append(element)
                    if received.count == 10_000 { subscription?.dispose() }
                })
                return Disposables.create()
            }
            #expect(received.count == 10_000)
            #expect(received.allSatisfy { $0 == "ping" })
        }
    }

    @Test("disposing ends the subscription's onDisposed")
    func onDisposed() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            let scheduler = TestScheduler(initialClock: 0)
            var subscription: Disposable?
            scheduler.scheduleAt(200) {
                subscription = Observable.repeatElement(1, scheduler: scheduler).subscribe(
                    onNext: { log.append("next \($0) at \(scheduler.clock)") },
                    onCompleted: { log.append("completed") },
                    onDisposed: { log.append("disposed at \(scheduler.clock)") }
                )
            }
            scheduler.scheduleAt(203) { subscription?.dispose() }
            scheduler.start()
            #expect(log == ["next 1 at 201", "next 1 at 202", "disposed at 203"])
        }
    }
}
