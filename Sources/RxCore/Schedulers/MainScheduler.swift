import Dispatch
import Foundation

/// Runs work on the main queue, for everything that touches the user interface.
///
/// ``schedule(_:action:)`` runs the action synchronously, on the caller's stack, when the
/// caller is already on the main queue and no other work of this scheduler is queued or
/// running; otherwise it queues the action on the main queue. This keeps `observe(on:
/// MainScheduler.instance)` free of a hop when events already arrive on the main queue, while
/// preserving the order of everything scheduled. ``asyncInstance`` always queues.
///
/// Timed work (`scheduleRelative`, `schedulePeriodic`) uses dispatch timers on the main
/// queue.
///
/// - Important: The main queue only runs while the main thread drains it. Apps do this in
///   their run loop. A command-line program must call `dispatchMain()`, run `RunLoop.main`, or
///   use an `async` `main` (Swift concurrency drains the main queue); tests must wait on the
///   main thread in a way that spins the run loop, such as XCTest's `wait(for:timeout:)`. On
///   Linux in particular, work scheduled here while the main thread is blocked or has
///   returned from `main` never runs.
/// @unchecked: a subclass (of a non-final class) cannot be checked; it adds no stored state.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    /// Work of this scheduler queued or running; while it is above zero, new work is queued
    /// behind it instead of running at once.
    @exclusivity(unchecked) private var enqueued = InlineAtomic<Int>(0)

    /// Creates a scheduler over the main queue. Prefer the shared ``instance``.
    public init() {
        super.init(serialQueue: .main)
    }

    /// The shared main-queue scheduler, which runs work at once when already on the main
    /// queue with nothing queued.
    public static let instance = MainScheduler()

    /// A main-queue scheduler that always queues work asynchronously, even when called on the
    /// main queue.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

    /// Stops the program unless the caller is executing on the main queue.
    ///
    /// - Parameter errorMessage: The message to stop with; a default one names the fix.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !DispatchQueue.isMain {
            rxFatalError(
                errorMessage
                    ?? "Executing off the main queue. Schedule the work with `MainScheduler.instance.schedule` to run it on the main queue."
            )
        }
    }

    /// Stops the program unless the caller is running on the main thread.
    ///
    /// - Parameter errorMessage: The message to stop with; a default one is used when `nil`.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        if !Thread.isMainThread {
            rxFatalError(errorMessage ?? "Running on a background thread; this must run on the main thread.")
        }
    }

    /// Runs `action` with `state` now when called on the main queue with no work of this
    /// scheduler queued or running; otherwise queues it on the main queue.
    ///
    /// - Returns: The disposable the action returned when it ran at once; otherwise a
    ///   disposable that cancels the run if it has not started, and later disposes what the
    ///   action returned.
    public override func schedule<StateType>(
        _ state: StateType,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let previouslyEnqueued = InlineAtomic.wrappingAdd(&enqueued, 1, ordering: .acquiringAndReleasing)
        if previouslyEnqueued == 0, DispatchQueue.isMain {
            defer { _ = InlineAtomic.wrappingAdd(&enqueued, -1, ordering: .acquiringAndReleasing) }
            return action(state)
        }
        let work = QueuedWork(state: state, action: action)
        let box = Unchecked(work)
        configuration.queue.async {
            box.value.run()
            _ = InlineAtomic.wrappingAdd(&self.enqueued, -1, ordering: .acquiringAndReleasing)
        }
        return work
    }
}
