import RxCore
import RxTest
import Testing

@Suite("from(optional:)")
struct FromOptionalTests {
    @Test("a value is emitted, then completion")
    func some() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable.from(optional: 5))
            #expect(result.events == [.next(5), .completed])
        }
    }

    @Test("nil only completes")
    func none() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable<Int>.from(optional: nil))
            #expect(result.events == [.completed])
        }
    }

    @Test("the unscheduled form delivers at the moment of subscription")
    func unscheduledVirtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable.from(optional: 5) }
            #expect(res.events == [.next(200, 5), .completed(200)])
        }
    }

    @Test("scheduled, the value and the completion are one tick apart")
    func scheduledSome() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable.from(optional: 5, scheduler: scheduler) }
            #expect(res.events == [.next(201, 5), .completed(202)])
        }
    }

    @Test("scheduled nil completes in the first step")
    func scheduledNone() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.from(optional: nil, scheduler: scheduler) }
            #expect(res.events == [.completed(201)])
        }
    }

    @Test("scheduled and disposed between the value and the completion")
    func scheduledDisposed() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 202) { Observable.from(optional: 5, scheduler: scheduler) }
            #expect(res.events == [.next(201, 5)])
        }
    }
}
