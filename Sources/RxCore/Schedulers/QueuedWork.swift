import Dispatch

/// One action waiting to run once: on a dispatch queue, when a timer fires, or as an operation.
///
/// It is the disposable the scheduler returns. Disposing it before the run cancels the run and
/// releases the action and its state at once; disposing it while the action runs disposes what
/// the action returns as soon as it returns; disposing it later disposes what the action
/// returned.
///
/// With the `TraceResources` trait the work counts as one live resource from creation until
/// the action has returned or the work was cancelled: `Resources.total` shows pending work,
/// not the object, which the queue or the caller may keep a little longer (holding nothing).
/// Work created inside a ``ResourceScope`` runs its action in that scope and, while armed, is
/// the scope's pending work (``ResourceScope/pendingWork(dueWithin:)``).
///
/// Not `Sendable`: schedulers move it into their `@Sendable` Dispatch closures in an
/// ``Unchecked`` box. Every stored var is guarded by `lock`, and the action and state cross
/// threads under the Rx contract, as every scheduled action does.
final class QueuedWork<State>: Cancelable {
    private enum Phase {
        /// Waiting to run; counted.
        case pending
        /// The action is running; counted until it returns.
        case running
        /// The action returned; `result` holds what it returned.
        case ran
        /// Cancelled or disposed; holds nothing.
        case disposed
    }

    private let lock = Lock()
    private var phase = Phase.pending
    private var action: ((State) -> Disposable)?
    private var state: State?
    private var result: Disposable?
    private var timer: DispatchSourceTimer?
    #if TraceResources
    /// The scope the work was scheduled in (0 for none): the action runs in it.
    private let scopeID = ResourceScope.idForScheduledWork
    #endif

    /// Creates the work, armed to run after `dueTime` (`.never`: not armed, so never pending).
    init(state: State, action: @escaping (State) -> Disposable, dueIn dueTime: RxTimeInterval = .seconds(0)) {
        self.state = state
        self.action = action
        ResourceCounter.allocated(self)
        #if TraceResources
        if scopeID != 0, dueTime != .never {
            PendingWorkRegistry.shared.add(ObjectIdentifier(self), scope: scopeID, dueIn: Int64(dueTime.asNanoseconds))
        }
        #endif
    }

    deinit {
        // Work freed before it ran (nothing will ever run it) is no longer pending.
        if case .pending = phase {
            finished()
        }
    }

    /// The work is no longer pending: it ran, was cancelled or was freed.
    private func finished() {
        ResourceCounter.deallocated(self)
        #if TraceResources
        if scopeID != 0 {
            PendingWorkRegistry.shared.remove(ObjectIdentifier(self))
        }
        #endif
    }

    /// Ties a one-shot timer to the work: the work keeps the timer alive until it runs or is
    /// disposed, and cancels it then. Call before resuming the timer.
    func attach(_ timer: DispatchSourceTimer) {
        lock.locked { self.timer = timer }
    }

    /// Whether the work has been disposed.
    var isDisposed: Bool {
        lock.locked {
            if case .disposed = phase { return true }
            return false
        }
    }

    /// Runs the action unless the work was disposed first; later calls do nothing.
    func run() {
        let work: (action: (State) -> Disposable, state: State)? = lock.locked {
            guard case .pending = phase, let action, let state else { return nil }
            phase = .running
            self.action = nil
            self.state = nil
            return (action, state)
        }
        guard let work else { return }
        #if TraceResources
        let disposable = ResourceScope.running(in: scopeID) { work.action(work.state) }
        #else
        let disposable = work.action(work.state)
        #endif
        let (disposedMeanwhile, timer): (Bool, DispatchSourceTimer?) = lock.locked {
            let timer = self.timer
            self.timer = nil
            if case .disposed = phase { return (true, timer) }
            phase = .ran
            result = disposable
            return (false, timer)
        }
        timer?.cancel()
        finished()
        if disposedMeanwhile {
            disposable.dispose()
        }
    }

    /// What `dispose` takes out under the lock, to release after it.
    private struct Released {
        var wasPending = false
        var action: ((State) -> Disposable)?
        var state: State?
        var result: Disposable?
        var timer: DispatchSourceTimer?
    }

    /// Cancels the work if it has not run, or disposes what the action returned.
    func dispose() {
        let released: Released = lock.locked {
            var released = Released()
            switch phase {
            case .disposed:
                break
            case .running:
                // `run` disposes the action's result when it returns.
                phase = .disposed
            case .pending, .ran:
                if case .pending = phase { released.wasPending = true }
                phase = .disposed
                swap(&released.action, &action)
                swap(&released.state, &state)
                swap(&released.result, &result)
                swap(&released.timer, &timer)
            }
            return released
        }
        released.timer?.cancel()
        if released.wasPending {
            finished()
        }
        released.result?.dispose()
        // The action and the state are released here, after the lock.
    }
}
