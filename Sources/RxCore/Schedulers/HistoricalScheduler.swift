import Foundation

/// A virtual time scheduler whose clock is a date: for replaying work that was recorded with
/// real timestamps, or for testing date-dependent code without waiting.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 1_000))
/// _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
///     print(scheduler.now.timeIntervalSince1970)
///     return Disposables.create()
/// }
/// scheduler.start()
/// // 1030.0
/// ```
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    /// Creates a scheduler with its clock at `initialClock`.
    ///
    /// - Parameter initialClock: The date the clock starts at; the Unix epoch by default.
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
