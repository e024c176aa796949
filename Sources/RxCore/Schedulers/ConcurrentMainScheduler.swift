import Dispatch
import Foundation

/// Runs work on the main queue, at once whenever the caller is already on it.
///
/// Unlike ``MainScheduler``, ``schedule(_:action:)`` runs the action synchronously on every
/// call made on the main queue, even while other work is queued, so it does not preserve the
/// order between work queued from background threads and work scheduled on the main queue.
/// It suits subscribing (`subscribe(on:)`) to sources that must be set up on the main queue.
/// Timed work goes through ``MainScheduler/instance``.
///
/// - Important: As for ``MainScheduler``, queued work runs only while the main thread drains
///   the main queue (a run loop, `dispatchMain()`, an `async` `main`, or an XCTest wait); on
///   Linux a blocked or finished main thread never runs it.
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
    private let mainScheduler: MainScheduler

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    /// The current time.
    public var now: RxTime {
        mainScheduler.now
    }

    /// Runs `action` with `state` now when called on the main queue; otherwise queues it on
    /// the main queue.
    ///
    /// - Returns: The disposable the action returned when it ran at once; otherwise a
    ///   disposable that cancels the run if it has not started.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if DispatchQueue.isMain {
            return action(state)
        }
        return mainScheduler.configuration.schedule(state, action: action)
    }

    /// Runs `action` with `state` on the main queue once `dueTime` has passed.
    ///
    /// - Returns: A disposable that cancels the timer and the run if it has not started.
    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue first after `startAfter`, then every `period`; each
    /// run receives the state the previous one returned.
    ///
    /// - Returns: A disposable that stops the timer; no run starts after it is disposed.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
