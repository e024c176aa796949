/// When `buffer` and `window` close a chunk of the source's elements: once it holds `count`
/// elements or once `timeSpan` has passed since it opened, whichever comes first.
///
/// The two operators share these limits and their timer: at most one tick pending, tagged with
/// the id of the chunk it closes, so a tick for a chunk already closed because it was full is
/// ignored.
struct ChunkLimits {
    /// The longest time a chunk stays open.
    let timeSpan: RxTimeInterval
    /// The most elements a chunk holds.
    let count: Int
    /// The scheduler that runs the timer.
    let scheduler: SchedulerType

    /// Schedules the tick that closes chunk `id` in `timer`, replacing the previous tick;
    /// does nothing once `timer` is disposed.
    ///
    /// - Parameters:
    ///   - id: The chunk the tick closes.
    ///   - timer: The operator's timer.
    ///   - tick: Runs on the scheduler with `id`; it checks that chunk `id` is still open.
    func scheduleTick(for id: UInt64, in timer: SerialDisposable, _ tick: @escaping (UInt64) -> Void) {
        guard !timer.isDisposed else {
            return
        }
        let pending = SingleAssignmentDisposable()
        timer.disposable = pending
        let scheduled = scheduler.scheduleRelative(id, dueTime: timeSpan) { id in
            tick(id)
            return Disposables.create()
        }
        pending.setDisposable(scheduled)
    }
}
