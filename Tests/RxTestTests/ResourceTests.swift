#if TraceResources
import RxCore
import RxTest
import Testing

/// One full `start` run: a hot and a cold source combined through `create`, a source that
/// completes early and one that is disposed at 1000, and a scheduled timer.
private func fullRun() -> [Recorded<Event<Int>>] {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(600, 2)])
    let cold = scheduler.createColdObservable([.next(20, 10), .completed(40)])
    let res = scheduler.start {
        Observable<Int>.create { observer in
            let first = hot.subscribe(observer)
            let second = cold.subscribe { event in
                if let element = event.element { observer.onNext(element) }
            }
            let timer = scheduler.scheduleRelative((), dueTime: .seconds(50)) { _ in
                observer.onNext(99)
                return Disposables.create()
            }
            return Disposables.create(first, second, timer)
        }
    }
    return res.events
}

/// Counted in the global `Resources.total`, so other tests running in parallel can disturb
/// one measurement: as in the leak scaffolding of swift-nio, a warm-up run is thrown away and
/// the scenario is measured up to five times, passing when one run leaves the total unchanged.
/// A real leak changes the total on every run. For a noise-free run use
/// `swift test --traits TraceResources --filter ResourceTests`.
@Suite("Resources after a TestScheduler run")
struct ResourceTests {
    @Test("full start run releases everything")
    func fullStartRunReleasesEverything() {
        #expect(fullRun() == [.next(210, 1), .next(220, 10), .next(250, 99), .next(600, 2)])
        var differences: [Int32] = []
        for _ in 0..<5 {
            let before = Resources.total
            _ = fullRun()
            differences.append(Resources.total - before)
            if differences.last == 0 { break }
        }
        #expect(differences.last == 0, "Resources.total changed by \(differences) over the runs")
    }

    @Test("the scheduler and its queued work are counted")
    func theSchedulerAndItsQueuedWorkAreCounted() {
        let before = Resources.snapshot().types
        let scheduler = TestScheduler(initialClock: 0)
        let items = (0..<3).map { scheduler.scheduleAbsoluteVirtual((), time: $0) { _ in Disposables.create() } }
        let during = Resources.snapshot().types
        #expect((during["TestScheduler"] ?? 0) - (before["TestScheduler"] ?? 0) >= 1)
        #expect((during["VirtualSchedulerItem<Int>"] ?? 0) - (before["VirtualSchedulerItem<Int>"] ?? 0) >= 3)
        withExtendedLifetime(items) {
            scheduler.start()
        }
    }
}
#endif
