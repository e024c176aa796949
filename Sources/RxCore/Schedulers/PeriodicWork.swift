import Dispatch

/// An action run on every tick of a repeating dispatch timer, each run returning the state
/// for the next.
///
/// The timer's handler runs one tick at a time, so the state threads through the ticks
/// without overlap. Disposing cancels the timer and releases the action at once (and the
/// state, unless a tick is running: then the state that tick returns is dropped). A tick that
/// finds the work disposed does nothing.
///
/// With the `TraceResources` trait the work counts as one live resource until it is
/// disposed (or freed undisposed, which only happens when no timer was ever started). Its
/// ticks run in the ``ResourceScope`` it was scheduled in; it is never pending work, since it
/// never finishes by itself.
///
/// Not `Sendable`: moved into the timer's handler in an ``Unchecked`` box; every stored var
/// is guarded by `lock`.
final class PeriodicWork<State>: Cancelable {
    private let lock = Lock()
    private var disposed = false
    private var action: ((State) -> State)?
    /// `nil` while a tick runs, and once disposed.
    private var state: State?
    private var timer: DispatchSourceTimer?
    #if TraceResources
    /// The scope the work was scheduled in (0 for none): every tick runs in it.
    private let scopeID = ResourceScope.idForScheduledWork
    #endif

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
        ResourceCounter.allocated(self)
    }

    deinit {
        if !disposed {
            ResourceCounter.deallocated(self)
        }
    }

    /// Ties the repeating timer to the work, which keeps it alive until disposed. Call before
    /// resuming the timer.
    func attach(_ timer: DispatchSourceTimer) {
        lock.locked { self.timer = timer }
    }

    /// Whether the work has been disposed.
    var isDisposed: Bool {
        lock.locked { disposed }
    }

    /// Runs one tick: the action with the current state, keeping the state it returns.
    func tick() {
        let work: (action: (State) -> State, state: State)? = lock.locked {
            guard !disposed, let action, let state else { return nil }
            self.state = nil
            return (action, state)
        }
        guard let work else { return }
        #if TraceResources
        let next = ResourceScope.running(in: scopeID) { work.action(work.state) }
        #else
        let next = work.action(work.state)
        #endif
        let dropped: State? = lock.locked {
            if disposed { return next }
            state = next
            return nil
        }
        // A state returned after disposal is released here, after the lock.
        _ = dropped
    }

    /// Stops the ticks: cancels the timer and releases the action and the state.
    func dispose() {
        let released: (action: ((State) -> State)?, state: State?, timer: DispatchSourceTimer?)? = lock.locked {
            guard !disposed else { return nil }
            disposed = true
            let released = (action, state, timer)
            action = nil
            state = nil
            timer = nil
            return released
        }
        guard let released else { return }
        released.timer?.cancel()
        ResourceCounter.deallocated(self)
    }
}
