import Dispatch
import Foundation

/// Runs work on a dispatch queue that may run several items at once, on several threads.
///
/// Use it for independent background work. Do not pass it to `observe(on:)` for an observer
/// that must see events one at a time: consecutive items can run in parallel. Timed work uses
/// dispatch timers on the queue.
///
/// ```swift
/// let scheduler = ConcurrentDispatchQueueScheduler(qos: .background)
/// ```
public final class ConcurrentDispatchQueueScheduler: SchedulerType, Sendable {
    let configuration: DispatchQueueConfiguration

    /// The current time.
    public var now: RxTime {
        Date()
    }

    /// Creates a scheduler over `queue`, used as is.
    ///
    /// - Parameters:
    ///   - queue: The queue the work runs on, usually a concurrent one.
    ///   - leeway: How late timers may fire so that the system can coalesce wake-ups.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// Creates a scheduler over the global concurrent queue of `qos`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the global queue.
    ///   - leeway: How late timers may fire so that the system can coalesce wake-ups.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: .global(qos: qos.qosClass), leeway: leeway)
    }

    /// Runs `action` with `state` asynchronously on the queue.
    ///
    /// - Returns: A disposable that cancels the run if it has not started, and otherwise
    ///   disposes what the action returned.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action` with `state` on the queue once `dueTime` has passed (never earlier).
    ///
    /// - Returns: A disposable that cancels the timer and the run if it has not started.
    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue first after `startAfter`, then every `period`; each run
    /// receives the state the previous one returned. Runs of one periodic schedule never
    /// overlap, even on a concurrent queue.
    ///
    /// - Returns: A disposable that stops the timer; no run starts after it is disposed.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
