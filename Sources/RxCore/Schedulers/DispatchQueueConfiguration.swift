import Dispatch

/// The dispatch logic the queue-based schedulers share: a target queue and a timer leeway.
///
/// - `schedule` submits the action with `async`.
/// - `scheduleRelative` arms a one-shot `DispatchSourceTimer` on the queue.
/// - `schedulePeriodic` arms a repeating `DispatchSourceTimer` on the queue.
///
/// Each returns the pending work as its disposable: disposing it before the run cancels the
/// run (and the timer). Non-`Sendable` actions and states travel into the `@Sendable`
/// Dispatch closures in an ``Unchecked`` box; the Rx contract (events to one observer never
/// overlap) is what makes that hop safe.
struct DispatchQueueConfiguration: Sendable {
    /// The queue the work runs on.
    let queue: DispatchQueue
    /// How late a timer may fire so that the system can coalesce wake-ups.
    let leeway: DispatchTimeInterval

    /// Runs `action` with `state` asynchronously on ``queue``.
    func schedule<State>(_ state: State, action: @escaping (State) -> Disposable) -> Disposable {
        let work = QueuedWork(state: state, action: action)
        let box = Unchecked(work)
        queue.async {
            box.value.run()
        }
        return work
    }

    /// Runs `action` with `state` on ``queue`` once `dueTime` has passed.
    ///
    /// A `.never` due time arms no timer: the work stays pending until it is disposed. Zero
    /// and negative due times run as soon as the queue allows.
    func scheduleRelative<State>(
        _ state: State,
        dueTime: RxTimeInterval,
        action: @escaping (State) -> Disposable
    ) -> Disposable {
        let work = QueuedWork(state: state, action: action, dueIn: dueTime)
        if dueTime == .never {
            return work
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: Self.deadline(after: dueTime), leeway: leeway)
        let box = Unchecked(work)
        timer.setEventHandler {
            box.value.run()
        }
        // The work and the timer keep each other alive until the run or the disposal cancels
        // the timer, which then releases its handler.
        work.attach(timer)
        timer.resume()
        return work
    }

    /// Runs `action` on ``queue`` first after `startAfter`, then every `period`, each run
    /// receiving the state the previous one returned.
    ///
    /// Runs never overlap. When the queue falls behind, missed ticks are merged into one run
    /// (a dispatch timer fires once for all the periods that passed). A `.never` start arms
    /// no timer; a `.never` period runs once.
    func schedulePeriodic<State>(
        _ state: State,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (State) -> State
    ) -> Disposable {
        let work = PeriodicWork(state: state, action: action)
        if startAfter == .never {
            return work
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        // Dispatch needs a positive repeat interval; the shortest one stands in for zero.
        let repeating: DispatchTimeInterval = period == .never ? .never : .nanoseconds(max(1, period.asNanoseconds))
        timer.schedule(deadline: Self.deadline(after: startAfter), repeating: repeating, leeway: leeway)
        let box = Unchecked(work)
        timer.setEventHandler {
            box.value.tick()
        }
        work.attach(timer)
        timer.resume()
        return work
    }

    /// The dispatch time `interval` from now; past intervals clamp to now and huge ones
    /// saturate to the distant future.
    private static func deadline(after interval: RxTimeInterval) -> DispatchTime {
        .now() + .nanoseconds(max(0, interval.asNanoseconds))
    }
}
