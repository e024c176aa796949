import Dispatch
import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

/// Scheduled work joins the scope that scheduled it: it is the scope's pending work until it
/// has run or been cancelled, and what it allocates when it runs belongs to the scope.
@Suite(.serialized, .resourceBalanced, .enabled(if: Resources.isEnabled, "needs the TraceResources trait"), .offPool)
struct ResourceScopePendingWorkTests {
    private let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "scope.pending")

    /// Polls `condition` until it holds or the hang guard passes.
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(hangGuardSeconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return condition()
    }

    @Test("a timer is pending until it has run")
    func aTimerIsPendingUntilItHasRun() {
        let scope = ResourceScope("timer")
        let ran = DispatchSemaphore(value: 0)
        _ = scope.run {
            scheduler.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
                ran.signal()
                return Disposables.create()
            }
        }
        #expect(scope.pendingWork() == PendingWork(dueSoon: 1, dueLater: 0))
        #expect(ran.wait(timeout: .now() + hangGuardSeconds) == .success)
        #expect(eventually { scope.pendingWork().total == 0 })
    }

    @Test("cancelled work is no longer pending")
    func cancelledWorkIsNoLongerPending() {
        let scope = ResourceScope("cancelled")
        let work = scope.run {
            scheduler.scheduleRelative((), dueTime: .seconds(60)) { _ in Disposables.create() }
        }
        #expect(scope.pendingWork(dueWithin: .milliseconds(100)) == PendingWork(dueSoon: 0, dueLater: 1))
        #expect(scope.pendingWork(dueWithin: .seconds(120)) == PendingWork(dueSoon: 1, dueLater: 0))
        work.dispose()
        #expect(scope.pendingWork(dueWithin: .seconds(120)).total == 0)
    }

    @Test("work due never and repeating work are not pending")
    func workDueNeverAndRepeatingWorkAreNotPending() {
        let scope = ResourceScope("never")
        let (never, ticking) = scope.run {
            (
                scheduler.scheduleRelative((), dueTime: .never) { _ in Disposables.create() },
                scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { $0 + 1 }
            )
        }
        #expect(scope.pendingWork().total == 0)
        never.dispose()
        ticking.dispose()
    }

    @Test("work scheduled outside every scope is no scopes pending work")
    func workScheduledOutsideEveryScopeIsNoScopesPendingWork() {
        let scope = ResourceScope("elsewhere")
        let work = scheduler.scheduleRelative((), dueTime: .seconds(60)) { _ in Disposables.create() }
        #expect(scope.pendingWork(dueWithin: .seconds(120)).total == 0)
        work.dispose()
    }

    @Test("what a hop allocates belongs to the scope that scheduled it")
    func whatAHopAllocatesBelongsToTheScopeThatScheduledIt() {
        let scope = ResourceScope("hop")
        let kept = Locked<[Disposable]>([])
        let done = DispatchSemaphore(value: 0)
        _ = scope.run {
            scheduler.schedule(()) { _ in
                // A second hop, scheduled from the first: still the scope's.
                self.scheduler.schedule(()) { _ in
                    kept.withLock { $0.append(BooleanDisposable()) }
                    done.signal()
                    return Disposables.create()
                }
            }
        }
        #expect(done.wait(timeout: .now() + hangGuardSeconds) == .success)
        #expect(eventually { scope.pendingWork().total == 0 })
        #expect(scope.snapshot().types["BooleanDisposable"] == 1)
        kept.withLock { $0 = [] }
        #expect(scope.snapshot().types["BooleanDisposable"] == nil)
    }
}
