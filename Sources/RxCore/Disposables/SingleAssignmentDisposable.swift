/// Holds a disposable that is assigned exactly once, possibly after `dispose()` was called.
///
/// Lets an operator return its disposable before the subscription it stands for exists: a
/// `dispose()` that comes first is remembered and applied on assignment. Assigning twice is
/// a programming error and stops the program.
/// @unchecked: inherits the counted `DisposeBase`; its state is guarded by `lock`.
public final class SingleAssignmentDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var current: Disposable?
    private var assigned = false
    private var disposed = false

    /// Creates an unassigned disposable.
    public override init() {
        super.init()
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        lock.locked { disposed }
    }

    /// Assigns the disposable; disposes it at once when `dispose()` already happened.
    ///
    /// - Precondition: No disposable has been assigned before.
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow: Bool = lock.locked {
            precondition(!assigned, "SingleAssignmentDisposable: the disposable was already assigned")
            assigned = true
            if disposed { return true }
            current = disposable
            return false
        }
        if disposeNow {
            disposable.dispose()
        }
    }

    /// Disposes the assigned disposable, or the one assigned later.
    public func dispose() {
        let toDispose: Disposable? = lock.locked {
            guard !disposed else { return nil }
            disposed = true
            let assignedDisposable = current
            current = nil
            return assignedDisposable
        }
        toDispose?.dispose()
    }
}
