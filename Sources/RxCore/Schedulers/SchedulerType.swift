import Dispatch
import Foundation

/// A scheduler that also knows time: it can run work after a delay and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's notion of the current time.
    var now: RxTime { get }

    /// Schedules `action` to run with `state` after `dueTime`.
    ///
    /// - Returns: A disposable that cancels the work if it has not started.
    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Schedules `action` to run first after `startAfter`, then every `period`; each run
    /// returns the state for the next.
    ///
    /// - Returns: A disposable that stops the runs.
    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// The default periodic scheduling: one relative schedule per period, each started when
    /// the previous run ends.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let schedule = SchedulePeriodicRecursive(
            scheduler: self, startAfter: startAfter, period: period, action: action, state: state)
        return schedule.start()
    }

    /// Schedules `action` after `dueTime`, again and again as each run asks through the
    /// recursive scheduler it receives, without growing the stack.
    ///
    /// - Returns: A disposable that stops the recursion.
    public func scheduleRecursive<State>(
        _ state: State,
        dueTime: RxTimeInterval,
        action: @escaping (_ state: State, _ recurse: AnyRecursiveScheduler<State>) -> Void
    ) -> Disposable {
        let scheduler = AnyRecursiveScheduler(scheduler: self, action: action)
        scheduler.schedule(state, dueTime: dueTime)
        return Disposables.create(with: scheduler.dispose)
    }
}
