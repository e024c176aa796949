/// Runs units of work; the base of every scheduler.
public protocol ImmediateSchedulerType {
    /// Schedules `action` to run with `state` as soon as the scheduler allows.
    ///
    /// - Parameters:
    ///   - state: The value passed to `action`.
    ///   - action: The work; it returns a disposable that cancels anything it started.
    /// - Returns: A disposable that cancels the scheduled work if it has not started.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

extension ImmediateSchedulerType {
    /// Schedules `action` repeatedly: each run may ask for another run through the recursive
    /// scheduler it receives, without growing the stack.
    ///
    /// - Parameters:
    ///   - state: The state for the first run.
    ///   - action: The work; it calls the scheduler's `schedule(_:)` to run again with a new state.
    /// - Returns: A disposable that stops the recursion.
    public func scheduleRecursive<State>(
        _ state: State,
        action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursiveScheduler = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursiveScheduler.schedule(state)
        return Disposables.create(with: recursiveScheduler.dispose)
    }
}
