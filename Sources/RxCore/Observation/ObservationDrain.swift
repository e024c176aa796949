/// The state with which both observations emit one value at a time, kept under their lock.
///
/// A thread that emits holds the drain; a change that comes meanwhile (from another thread,
/// or from the observer itself in `onNext`) marks it dirty instead of emitting, and the holder
/// reads and emits once more. So values may be coalesced but never overlap or reorder, and the
/// last value always goes out. The observations differ in when they read (right after the
/// change, or after a hop to a scheduler), not in this.
struct ObservationDrain {
    /// Disposed, or completed: nothing goes out any more.
    private(set) var disposed = false
    /// A thread holds the drain.
    private var running = false
    /// A change came in while the drain was held.
    private var dirty = false

    /// Claims the drain for the first value; `false` when disposed or already held.
    mutating func claimForStart() -> Bool {
        guard !disposed, !running else { return false }
        running = true
        return true
    }

    /// A change came in: `true` when the caller now holds the drain and must emit; `false`
    /// when disposed, or when the holder was told to read once more.
    mutating func claimForChange() -> Bool {
        guard !disposed else { return false }
        if running {
            dirty = true
            return false
        }
        running = true
        return true
    }

    /// After an emission: `true` when a change came in meanwhile and the holder must read
    /// again; otherwise lets go of the drain.
    mutating func readAgain() -> Bool {
        if dirty, !disposed {
            dirty = false
            return true
        }
        running = false
        return false
    }

    /// Lets go of the drain without emitting.
    mutating func release() {
        running = false
    }

    /// Stops all emission; `true` the first time, when the caller is the one to complete.
    @discardableResult
    mutating func dispose() -> Bool {
        guard !disposed else { return false }
        disposed = true
        return true
    }
}
