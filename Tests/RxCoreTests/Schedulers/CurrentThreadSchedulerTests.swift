import Dispatch
import Foundation
import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced, .offPool)
struct CurrentThreadSchedulerTests {
    @Test("runs at once when idle")
    func runsAtOnceWhenIdle() {
        var journal: [String] = []
        #expect(CurrentThreadScheduler.isScheduleRequired)
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            journal.append("ran")
            #expect(!CurrentThreadScheduler.isScheduleRequired)
            return Disposables.create()
        }
        journal.append("returned")
        #expect(journal == ["ran", "returned"])
        #expect(CurrentThreadScheduler.isScheduleRequired)
    }

    @Test("queues nested work until the outer work ends")
    func queuesNestedWorkUntilTheOuterWorkEnds() {
        var journal: [String] = []
        let scheduler = CurrentThreadScheduler.instance
        _ = scheduler.schedule(()) { _ in
            journal.append("outer start")
            _ = scheduler.schedule(()) { _ in
                journal.append("inner 1")
                _ = scheduler.schedule(()) { _ in
                    journal.append("inner 3")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                journal.append("inner 2")
                return Disposables.create()
            }
            journal.append("outer end")
            return Disposables.create()
        }
        #expect(journal == ["outer start", "outer end", "inner 1", "inner 2", "inner 3"])
    }

    @Test("disposing queued work cancels it")
    func disposingQueuedWorkCancelsIt() {
        var journal: [String] = []
        let scheduler = CurrentThreadScheduler.instance
        _ = scheduler.schedule(()) { _ in
            let cancelled = scheduler.schedule(()) { _ in
                journal.append("cancelled ran")
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                journal.append("kept")
                return Disposables.create()
            }
            cancelled.dispose()
            return Disposables.create()
        }
        #expect(journal == ["kept"])
    }

    @Test("each thread has its own trampoline")
    func eachThreadHasItsOwnTrampoline() {
        let journal = Journal()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                journal.record("other thread required: \(CurrentThreadScheduler.isScheduleRequired)")
                done.signal()
            }
            done.wait()
            return Disposables.create()
        }
        #expect(journal.entries == ["other thread required: true"])
    }

    @Test("recursion does not grow the stack")
    func recursionDoesNotGrowTheStack() {
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count = value
            if value < 100_000 { recurse(value + 1) }
        }
        #expect(count == 100_000)
    }

    @Test("nested subscriptions connect at once inside the trampoline")
    func nestedSubscriptionsConnectAtOnceInsideTheTrampoline() {
        // As in RxSwift, only the outermost subscribe goes through the trampoline; a subscribe
        // made while it runs connects at once (sources that schedule their elements on the
        // current-thread scheduler are what queue).
        var journal: [String] = []
        let inner = Observable<Int>.create { observer in
            journal.append("inner subscribed")
            observer.onNext(10)
            observer.onCompleted()
            return Disposables.create()
        }
        let outer = Observable<Int>.create { observer in
            journal.append("outer subscribed")
            _ = inner.subscribe(onNext: { journal.append("inner \($0)") })
            journal.append("outer after inner subscribe")
            observer.onCompleted()
            return Disposables.create()
        }
        _ = outer.subscribe()
        #expect(journal == ["outer subscribed", "inner subscribed", "inner 10", "outer after inner subscribe"])
    }

    @Test("disposing a recursive schedule stops it")
    func disposingARecursiveScheduleStopsIt() {
        var count = 0
        var disposable: Disposable?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            disposable = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
                count = value
                if value == 5 { disposable?.dispose() }
                recurse(value + 1)
            }
            return Disposables.create()
        }
        #expect(count == 5)
        disposable = nil
    }

    @Test("releases each queued item once it has run, before the next one runs")
    func releasesEachQueuedItemOnceItHasRun() {
        // A chain of items, each queueing the next: the one that ran must be gone (it was
        // kept until the queue drained, so a recursive source held every step it ever took).
        let scheduler = CurrentThreadScheduler.instance
        final class WeakItem {
            weak var item: AnyObject?
            init(_ item: Disposable) { self.item = item as AnyObject }
        }
        var items: [Int: WeakItem] = [:]
        var stillAlive: [Int] = []
        func step(_ index: Int) -> Disposable {
            // Item `index` runs now; item `index - 1` ran before it.
            if items[index - 1]?.item != nil {
                stillAlive.append(index - 1)
            }
            if index < 50 {
                items[index + 1] = WeakItem(scheduler.schedule(index + 1, action: step))
            }
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            items[1] = WeakItem(scheduler.schedule(1, action: step))
            return Disposables.create()
        }
        #expect(stillAlive.isEmpty, "items kept after they ran: \(stillAlive.prefix(5))...")
    }

    @Test(
        "range, from and repeatElement run in constant memory",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait"),
        arguments: ["range", "from", "repeatElement"]
    )
    func recursiveSourcesRunInConstantMemory(source: String) {
        let count = 100_000
        let sequence: Observable<Int> =
            switch source {
            case "range": Observable.range(start: 0, count: count)
            case "from": Observable.from(Array(0..<count))
            default: Observable.repeatElement(1).take(count)
            }
        let before = Resources.total
        var peak = before
        var received = 0
        _ = sequence.subscribe(onNext: { _ in
            received += 1
            if received % 1_000 == 0 {
                peak = max(peak, Resources.total)
            }
        })
        #expect(received == count)
        // A handful of live objects (the subscription's sinks and the step in flight), not
        // one per element as when the trampoline kept every step until it drained.
        #expect(peak - before < 64, "\(source): \(peak - before) live resources above the start")
    }
}
