/// One unit of work waiting in a scheduler's queue; disposing it before it runs cancels it.
final class ScheduledItem<State>: ScheduledItemType {
    private let action: (State) -> Disposable
    private let state: State
    private let disposable = SingleAssignmentDisposable()

    init(action: @escaping (State) -> Disposable, state: State) {
        self.action = action
        self.state = state
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func invoke() {
        disposable.setDisposable(action(state))
    }

    func dispose() {
        disposable.dispose()
    }

    var isDisposed: Bool {
        disposable.isDisposed
    }
}

/// A queued unit of work of any state type.
protocol ScheduledItemType: AnyObject, Cancelable {
    func invoke()
}
