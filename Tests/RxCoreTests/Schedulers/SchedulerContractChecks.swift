import Dispatch
import Foundation
import TestSupport
import Testing

@testable import RxCore

// Checks every timed scheduler must pass. Each takes the scheduler, the queue marker its
// actions must see (`nil` when the queue cannot be marked) and a `drain` that waits until the
// scheduler's queue has finished everything submitted so far.

/// `scheduleRelative` runs the action once, with its state, on the scheduler's queue, no
/// earlier than the due time.
func expectRelativeRunsAfterDueTime(
    on scheduler: some SchedulerType,
    marker: String?,
    drain: () async -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let due = 30_000_000  // nanoseconds
    let ran = Countdown()
    let runs = Recorder<(value: Int, elapsed: UInt64, marker: String?)>()
    let start = uptime()
    _ = scheduler.scheduleRelative(42, dueTime: .nanoseconds(due)) { value in
        runs.append((value, uptime() - start, currentQueueMarker()))
        ran.signal()
        return Disposables.create()
    }
    #expect(await ran.wait(), sourceLocation: sourceLocation)
    await drain()
    let values = runs.values
    #expect(values.count == 1, sourceLocation: sourceLocation)
    #expect(values.first?.value == 42, sourceLocation: sourceLocation)
    #expect(values.first?.marker == marker, sourceLocation: sourceLocation)
    #expect((values.first?.elapsed ?? 0) >= UInt64(due), sourceLocation: sourceLocation)
}

/// Disposing a relative schedule before its due time keeps the action from running: a later
/// schedule on the same scheduler runs and the first still has not.
func expectRelativeDisposedBeforeDueNeverRuns(
    on scheduler: some SchedulerType,
    drain: () async -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let runs = Recorder<Int>()
    let released = WeakSlot<TrackedState>()
    do {
        let state = TrackedState(1)
        released.set(state)
        let disposable = scheduler.scheduleRelative(state, dueTime: .milliseconds(20)) { state in
            runs.append(state.value)
            return Disposables.create()
        }
        disposable.dispose()
    }
    // Disposal releases the state at once, long before the timer would have fired.
    #expect(released.object == nil, sourceLocation: sourceLocation)
    let later = Countdown()
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(60)) { _ in
        later.signal()
        return Disposables.create()
    }
    #expect(await later.wait(), sourceLocation: sourceLocation)
    await drain()
    #expect(runs.values.isEmpty, sourceLocation: sourceLocation)
}

/// `schedulePeriodic` ticks with the state threading through, on the scheduler's queue, at
/// the period; a disposal from inside the fifth tick stops it, and no tick runs afterwards.
func expectPeriodicTicksThenStops(
    on scheduler: some SchedulerType,
    marker: String?,
    drain: () async -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let period = 5_000_000  // nanoseconds
    let ticks = Recorder<(state: Int, elapsed: UInt64, marker: String?)>()
    let overlap = Gauge()
    let fifth = Countdown()
    let holder = SingleAssignmentDisposable()
    let start = uptime()
    holder.setDisposable(
        scheduler.schedulePeriodic(0, startAfter: .nanoseconds(period), period: .nanoseconds(period)) { state in
            overlap.enter()
            defer { overlap.leave() }
            ticks.append((state, uptime() - start, currentQueueMarker()))
            if state == 4 {
                holder.dispose()
                fifth.signal()
            }
            return state + 1
        })
    #expect(await fifth.wait(), sourceLocation: sourceLocation)
    // Ten more periods pass on the same scheduler; the periodic work must stay silent.
    let later = Countdown()
    _ = scheduler.scheduleRelative((), dueTime: .nanoseconds(10 * period)) { _ in
        later.signal()
        return Disposables.create()
    }
    #expect(await later.wait(), sourceLocation: sourceLocation)
    await drain()
    let values = ticks.values
    #expect(values.map(\.state) == [0, 1, 2, 3, 4], sourceLocation: sourceLocation)
    #expect(values.allSatisfy { $0.marker == marker }, sourceLocation: sourceLocation)
    // Tick n (from 0) fires no earlier than (n + 1) periods after the start.
    for (index, tick) in values.enumerated() {
        #expect(tick.elapsed >= UInt64((index + 1) * period), sourceLocation: sourceLocation)
    }
    #expect(overlap.peak == 1, sourceLocation: sourceLocation)
}

/// Disposing a periodic schedule while a tick runs (from another thread) lets that tick
/// finish, drops the state it returns and starts no other tick.
func expectPeriodicDisposedDuringTick(
    on scheduler: some SchedulerType,
    drain: () async -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let entered = Countdown()
    let proceed = DispatchSemaphore(value: 0)
    let runs = Recorder<Int>()
    let returned = WeakSlot<TrackedState>()
    let disposable = scheduler.schedulePeriodic(
        TrackedState(0),
        startAfter: .milliseconds(1),
        period: .milliseconds(2)
    ) { state in
        runs.append(state.value)
        if state.value == 0 {
            entered.signal()
            // Holds this dispatch thread (not the test's) until the test has disposed.
            _ = proceed.wait(timeout: .now() + hangGuardSeconds)
        }
        let next = TrackedState(state.value + 1)
        returned.set(next)
        return next
    }
    #expect(await entered.wait(), sourceLocation: sourceLocation)
    disposable.dispose()
    proceed.signal()
    let later = Countdown()
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
        later.signal()
        return Disposables.create()
    }
    #expect(await later.wait(), sourceLocation: sourceLocation)
    await drain()
    #expect(runs.values == [0], sourceLocation: sourceLocation)
    #expect(returned.object == nil, sourceLocation: sourceLocation)
}

/// Disposing scheduled work before its queue gets to it keeps the action from running, and
/// releases its state at once. `suspend` and `resume` hold the scheduler's queue.
func expectDisposeBeforeRunPreventsRun(
    on scheduler: some ImmediateSchedulerType,
    suspend: () -> Void,
    resume: () -> Void,
    drain: () async -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let runs = Recorder<Int>()
    let released = WeakSlot<TrackedState>()
    let kept = Countdown()
    suspend()
    do {
        let state = TrackedState(1)
        released.set(state)
        let cancelled = scheduler.schedule(state) { state in
            runs.append(state.value)
            return Disposables.create()
        }
        _ = scheduler.schedule(TrackedState(2)) { state in
            runs.append(state.value)
            kept.signal()
            return Disposables.create()
        }
        cancelled.dispose()
    }
    #expect(released.object == nil, sourceLocation: sourceLocation)
    resume()
    #expect(await kept.wait(), sourceLocation: sourceLocation)
    await drain()
    #expect(runs.values == [2], sourceLocation: sourceLocation)
}

/// The disposable `schedule` returns disposes what the action returned: at once when
/// disposed after the run, and as soon as the action returns when disposed during it.
func expectDisposeAfterRunDisposesResult(
    on scheduler: some ImmediateSchedulerType,
    drain: () async -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    // Disposed after the run.
    let ran = Countdown()
    let resultDisposed = Countdown()
    let afterRun = scheduler.schedule(()) { _ in
        ran.signal()
        return Disposables.create { resultDisposed.signal() }
    }
    #expect(await ran.wait(), sourceLocation: sourceLocation)
    await drain()
    #expect(resultDisposed.signals == 0, sourceLocation: sourceLocation)
    afterRun.dispose()
    afterRun.dispose()
    #expect(resultDisposed.signals == 1, sourceLocation: sourceLocation)

    // Disposed while the action runs.
    let entered = Countdown()
    let proceed = DispatchSemaphore(value: 0)
    let duringDisposed = Countdown()
    let duringRun = scheduler.schedule(()) { _ in
        entered.signal()
        _ = proceed.wait(timeout: .now() + hangGuardSeconds)
        return Disposables.create { duringDisposed.signal() }
    }
    #expect(await entered.wait(), sourceLocation: sourceLocation)
    duringRun.dispose()
    #expect(duringDisposed.signals == 0, sourceLocation: sourceLocation)
    proceed.signal()
    #expect(await duringDisposed.wait(), sourceLocation: sourceLocation)
    await drain()
    #expect(duringDisposed.signals == 1, sourceLocation: sourceLocation)
}
