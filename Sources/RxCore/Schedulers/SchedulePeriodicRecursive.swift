/// Periodic scheduling built from relative schedules, for schedulers without a native timer.
///
/// Each tick schedules the next one `period` later. If ticks pile up (the action is slower
/// than the period), the extra ticks run back to back on the scheduler instead of nesting.
final class SchedulePeriodicRecursive<State> {
    typealias Action = (State) -> State

    private enum Command {
        case tick
        case dispatchStart
    }

    private let scheduler: SchedulerType
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: Action
    private var state: State
    @exclusivity(unchecked) private var pendingTicks = InlineAtomic<Int>(0)

    init(scheduler: SchedulerType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping Action, state: State) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    func start() -> Disposable {
        scheduler.scheduleRecursive(Command.tick, dueTime: startAfter) { command, recurse in
            self.tick(command, recurse)
        }
    }

    private func tick(_ command: Command, _ scheduler: AnyRecursiveScheduler<Command>) {
        switch command {
        case .tick:
            scheduler.schedule(.tick, dueTime: period)
            // Only the first pending tick starts a dispatch; the others are counted.
            if (InlineAtomic.wrappingAdd(&pendingTicks, 1, ordering: .acquiringAndReleasing) &+ 1) == 1 {
                tick(.dispatchStart, scheduler)
            }
        case .dispatchStart:
            state = action(state)
            // Keep dispatching while ticks arrived during the action.
            if (InlineAtomic.wrappingAdd(&pendingTicks, -1, ordering: .acquiringAndReleasing) &- 1) > 0 {
                scheduler.schedule(.dispatchStart)
            }
        }
    }
}
