/// Runs every action at once, on the calling thread, before `schedule` returns.
///
/// Unlike ``CurrentThreadScheduler`` it queues nothing: work scheduled from inside an action
/// runs nested, immediately. Operators use it where the work must happen synchronously.
struct ImmediateScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    static let instance = ImmediateScheduler()

    /// Runs `action` with `state` now.
    ///
    /// - Returns: The disposable the action returned.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }
}
