import RxCore
import RxTest
import Testing

/// A source built with `Observable.create` that emits on the scheduler after given delays and
/// records when it was created, subscribed and disposed.
private final class TimedSource {
    var createdAt: [TestTime] = []
    var subscribedAt: [TestTime] = []
    var disposedAt: [TestTime] = []

    func make(_ scheduler: TestScheduler, delays: [Int], completeAfter: Int?) -> Observable<Int> {
        createdAt.append(scheduler.clock)
        return Observable<Int>.create { observer in
            self.subscribedAt.append(scheduler.clock)
            var work = delays.enumerated().map { index, delay in
                scheduler.scheduleRelative(index, dueTime: .seconds(delay)) { value in
                    observer.onNext(value)
                    return Disposables.create()
                }
            }
            if let completeAfter {
                work.append(
                    scheduler.scheduleRelative((), dueTime: .seconds(completeAfter)) { _ in
                        observer.onCompleted()
                        return Disposables.create()
                    })
            }
            return Disposables.create {
                self.disposedAt.append(scheduler.clock)
                work.forEach { $0.dispose() }
            }
        }
    }
}

@Suite("TestScheduler.start")
struct TestSchedulerStartTests {
    @Test("defaults are 100 and 200 and 1000")
    func defaultsAre100And200And1000() {
        #expect(TestScheduler.Defaults.created == 100)
        #expect(TestScheduler.Defaults.subscribed == 200)
        #expect(TestScheduler.Defaults.disposed == 1_000)
    }

    @Test("start uses the default times")
    func startUsesTheDefaultTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = TimedSource()
        let res = scheduler.start { source.make(scheduler, delays: [10, 500, 900], completeAfter: nil) }
        #expect(res.events == [.next(210, 0), .next(700, 1)])
        #expect(source.createdAt == [100])
        #expect(source.subscribedAt == [200])
        #expect(source.disposedAt == [1_000])
        #expect(scheduler.clock == 1_000)
    }

    @Test("start disposed uses the given disposal time")
    func startDisposedUsesTheGivenDisposalTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = TimedSource()
        let res = scheduler.start(disposed: 400) { source.make(scheduler, delays: [10, 150, 250], completeAfter: nil) }
        #expect(res.events == [.next(210, 0), .next(350, 1)])
        #expect(source.createdAt == [100])
        #expect(source.subscribedAt == [200])
        #expect(source.disposedAt == [400])
    }

    @Test("start with all times")
    func startWithAllTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = TimedSource()
        let res = scheduler.start(created: 10, subscribed: 20, disposed: 95) {
            source.make(scheduler, delays: [0, 30, 80], completeAfter: nil)
        }
        // A delay of 0 is due "now", so it runs one tick later with the processing delay.
        #expect(res.events == [.next(21, 0), .next(50, 1)])
        #expect(source.createdAt == [10])
        #expect(source.subscribedAt == [20])
        #expect(source.disposedAt == [95])
    }

    @Test("completion disposes before the disposal time")
    func completionDisposesBeforeTheDisposalTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = TimedSource()
        let res = scheduler.start { source.make(scheduler, delays: [5, 10], completeAfter: 40) }
        #expect(res.events == [.next(205, 0), .next(210, 1), .completed(240)])
        #expect(source.disposedAt == [240])
    }

    @Test("start without processing delay")
    func startWithoutProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = TimedSource()
        let res = scheduler.start { source.make(scheduler, delays: [0, 3], completeAfter: 3) }
        #expect(res.events == [.next(200, 0), .next(203, 1), .completed(203)])
    }

    @Test("start with resolution")
    func startWithResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.5)
        let source = TimedSource()
        let res = scheduler.start { source.make(scheduler, delays: [1, 5], completeAfter: 10) }
        #expect(res.events == [.next(202, 0), .next(210, 1), .completed(220)])
    }

    @Test("create is called lazily at the creation time")
    func createIsCalledLazilyAtTheCreationTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var calls: [TestTime] = []
        let res: TestableObserver<Int> = scheduler.start(created: 150, subscribed: 150, disposed: 150) {
            calls.append(scheduler.clock)
            return Observable<Int>.create { observer in
                observer.onNext(1)
                return Disposables.create()
            }
        }
        #expect(calls == [150])
        #expect(res.events == [.next(150, 1)])
    }
}
