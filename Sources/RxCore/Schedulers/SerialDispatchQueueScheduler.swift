import Dispatch
import Foundation

/// Runs work one item at a time, in the order it was scheduled, on a serial dispatch queue.
///
/// Work scheduled with ``schedule(_:action:)`` runs asynchronously, never on the calling
/// stack, even when the caller is already on the queue. The scheduler creates its own serial
/// queue (optionally targeting another queue), so that two schedulers over the same global
/// queue stay independent. Timed work uses dispatch timers on that queue. Because it is
/// serial, it is the scheduler to pass to `observe(on:)` when the observer must see events one
/// at a time off the main thread.
///
/// ```swift
/// let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
/// _ = scheduler.schedule(1) { value in
///     print("runs on a background serial queue:", value)
///     return Disposables.create()
/// }
/// ```
///
/// The class is not `open`: only ``MainScheduler`` derives from it.
/// @unchecked: a non-final class cannot be checked; every stored property is a `Sendable` `let`.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    let configuration: DispatchQueueConfiguration

    /// The current time.
    public var now: RxTime {
        Date()
    }

    /// Creates a scheduler over an existing serial queue, used as is.
    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// Creates a scheduler over a new serial queue.
    ///
    /// - Parameters:
    ///   - internalSerialQueueName: The label of the new queue.
    ///   - serialQueueConfiguration: Called once with the new queue, before any work runs on
    ///     it, to set it up (for example to set queue-specific values).
    ///   - leeway: How late timers may fire so that the system can coalesce wake-ups.
    public convenience init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// Creates a scheduler over a new serial queue that targets `queue`.
    ///
    /// `queue` may be concurrent: the new queue still runs one item at a time, on `queue`'s
    /// threads and at its priority.
    ///
    /// - Parameters:
    ///   - queue: The queue the new serial queue targets.
    ///   - internalSerialQueueName: The label of the new queue.
    ///   - leeway: How late timers may fire so that the system can coalesce wake-ups.
    public convenience init(
        queue: DispatchQueue,
        internalSerialQueueName: String,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, target: queue)
        self.init(serialQueue: serialQueue, leeway: leeway)
    }

    /// Creates a scheduler over a new serial queue that targets the global queue of `qos`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the global queue to target.
    ///   - internalSerialQueueName: The label of the new queue.
    ///   - leeway: How late timers may fire so that the system can coalesce wake-ups.
    public convenience init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(queue: .global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName, leeway: leeway)
    }

    /// Runs `action` with `state` asynchronously on the serial queue, after all work
    /// scheduled before it.
    ///
    /// - Returns: A disposable that cancels the run if it has not started, and otherwise
    ///   disposes what the action returned.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action` with `state` on the serial queue once `dueTime` has passed (never
    /// earlier).
    ///
    /// - Returns: A disposable that cancels the timer and the run if it has not started.
    public final func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the serial queue first after `startAfter`, then every `period`; each
    /// run receives the state the previous one returned.
    ///
    /// - Returns: A disposable that stops the timer; no run starts after it is disposed.
    public final func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
