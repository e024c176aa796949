import RxCore
import RxTest
import Testing

@Suite("just")
struct JustTests {
    @Test("emits its element and completes during subscribe")
    func emitsAndCompletes() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable.just(42))
            #expect(result.events == [.next(42), .completed])
        }
    }

    @Test("an array is one element, not its contents")
    func arrayIsOneElement() {
        CreationSupport.expectNoLeaks {
            let result = CreationSupport.events(of: Observable.just([1, 2, 3]))
            #expect(result.events == [.next([1, 2, 3]), .completed])
        }
    }

    @Test("every subscriber gets the element")
    func eachSubscriber() {
        CreationSupport.expectNoLeaks {
            let source = Observable.just("a")
            #expect(CreationSupport.events(of: source).events == [.next("a"), .completed])
            #expect(CreationSupport.events(of: source).events == [.next("a"), .completed])
        }
    }

    @Test("emits at once even inside a trampoline, as RxSwift's just does")
    func synchronousInsideTrampoline() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            _ = Observable.of(1, 2).subscribe(
                onNext: { outer in
                    log.append("outer \(outer)")
                    _ = Observable.just(outer * 10).subscribe(
                        onNext: { log.append("just \($0)") },
                        onCompleted: { log.append("just completed") }
                    )
                    log.append("after just \(outer)")
                },
                onCompleted: { log.append("outer completed") }
            )
            #expect(
                log == [
                    "outer 1", "just 10", "just completed", "after just 1",
                    "outer 2", "just 20", "just completed", "after just 2",
                    "outer completed",
                ])
        }
    }

    @Test("with the current-thread scheduler the events wait for the running work")
    func scheduledOnCurrentThread() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                _ = Observable.just(7, scheduler: CurrentThreadScheduler.instance)
                    .subscribe { log.append("\($0)") }
                log.append("subscribed")
                return Disposables.create()
            }
            #expect(log == ["subscribed", "next(7)", "completed"])
        }
    }

    @Test("disposing before the scheduled element cancels both events")
    func scheduledDisposedEarly() {
        CreationSupport.expectNoLeaks {
            var log: [String] = []
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                let subscription = Observable.just(7, scheduler: CurrentThreadScheduler.instance)
                    .subscribe { log.append("\($0)") }
                subscription.dispose()
                return Disposables.create()
            }
            #expect(log.isEmpty)
        }
    }

    @Test("on a test scheduler the element and the completion are one tick apart")
    func virtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
            #expect(res.events == [.next(201, 42), .completed(202)])
        }
    }

    @Test("the unscheduled form delivers at the moment of subscription")
    func unscheduledVirtualTime() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable.just(42) }
            #expect(res.events == [.next(200, 42), .completed(200)])
        }
    }

    @Test("disposed between the element and the completion, only the element arrives")
    func virtualTimeDisposedAfterElement() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 202) { Observable.just(42, scheduler: scheduler) }
            #expect(res.events == [.next(201, 42)])
        }
    }

    @Test("disposed before the element, nothing arrives")
    func virtualTimeDisposedBeforeElement() {
        CreationSupport.expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 201) { Observable.just(42, scheduler: scheduler) }
            #expect(res.events.isEmpty)
        }
    }
}
