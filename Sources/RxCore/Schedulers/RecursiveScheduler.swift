/// Where one recursive step stands relative to the group of pending steps.
private enum RecursiveStepState {
    /// Scheduled, not yet added to the group.
    case initial
    /// Added to the group under this key.
    case added(CompositeDisposable.DisposeKey)
    /// Already ran (or the group was disposed).
    case done
}

/// Tracks one pending step so that it leaves the group when it runs, whether it runs before
/// or after `schedule` returned.
private final class RecursiveStep {
    let lock = Lock()
    var state = RecursiveStepState.initial

    /// Called when the step runs: removes it from `group` if it was added.
    func ran(in group: CompositeDisposable) {
        let key: CompositeDisposable.DisposeKey? = lock.locked {
            defer { state = .done }
            if case .added(let key) = state { return key }
            return nil
        }
        if let key { group.remove(for: key) }
    }

    /// Called after scheduling: adds the step's disposable to `group` unless it already ran.
    func scheduled(_ disposable: Disposable, in group: CompositeDisposable) {
        let pending: Bool = lock.locked {
            if case .initial = state { return true }
            return false
        }
        guard pending else { return }
        guard let key = group.insert(disposable) else { return }
        let ranMeanwhile: Bool = lock.locked {
            if case .initial = state {
                state = .added(key)
                return false
            }
            return true
        }
        if ranMeanwhile { group.remove(for: key) }
    }
}

/// The handle a recursive action receives on a timed scheduler: call ``schedule(_:dueTime:)``
/// to run the action again.
public final class AnyRecursiveScheduler<State> {
    /// The recursive action.
    public typealias Action = (State, AnyRecursiveScheduler<State>) -> Void

    private let scheduler: SchedulerType
    private let group = CompositeDisposable()
    private let lock = Lock()
    private var action: Action?

    init(scheduler: SchedulerType, action: @escaping Action) {
        self.scheduler = scheduler
        self.action = action
    }

    /// Runs the action again with `state` after `dueTime`.
    public func schedule(_ state: State, dueTime: RxTimeInterval) {
        let step = RecursiveStep()
        let disposable = scheduler.scheduleRelative(state, dueTime: dueTime) { state in
            self.run(state, step: step)
        }
        step.scheduled(disposable, in: group)
    }

    /// Runs the action again with `state` as soon as the scheduler allows.
    public func schedule(_ state: State) {
        let step = RecursiveStep()
        let disposable = scheduler.schedule(state) { state in
            self.run(state, step: step)
        }
        step.scheduled(disposable, in: group)
    }

    private func run(_ state: State, step: RecursiveStep) -> Disposable {
        if group.isDisposed { return Disposables.create() }
        step.ran(in: group)
        let action: Action? = lock.locked { self.action }
        action?(state, self)
        return Disposables.create()
    }

    /// Stops the recursion: pending runs are cancelled and the action is released.
    public func dispose() {
        lock.locked { action = nil }
        group.dispose()
    }
}

/// The recursion driver behind ``ImmediateSchedulerType/scheduleRecursive(_:action:)``.
final class RecursiveImmediateScheduler<State> {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let scheduler: ImmediateSchedulerType
    private let group = CompositeDisposable()
    private let lock = Lock()
    private var action: Action?

    init(action: @escaping Action, scheduler: ImmediateSchedulerType) {
        self.action = action
        self.scheduler = scheduler
    }

    func schedule(_ state: State) {
        let step = RecursiveStep()
        let disposable = scheduler.schedule(state) { state in
            if self.group.isDisposed { return Disposables.create() }
            step.ran(in: self.group)
            let action: Action? = self.lock.locked { self.action }
            action?(state, self.schedule)
            return Disposables.create()
        }
        step.scheduled(disposable, in: group)
    }

    func dispose() {
        lock.locked { action = nil }
        group.dispose()
    }
}
