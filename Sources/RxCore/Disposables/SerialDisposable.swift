/// Holds one replaceable disposable: assigning a new one disposes the previous one.
///
/// After `dispose()`, any disposable assigned is disposed at once.
/// @unchecked: inherits the counted `DisposeBase`; the disposable and flag are under `lock`.
public final class SerialDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var current: Disposable?
    private var disposed = false

    /// Creates an empty serial disposable.
    public override init() {
        super.init()
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        lock.locked { disposed }
    }

    /// The current disposable. Setting it disposes the previous one, or the new one when the
    /// serial disposable is already disposed.
    public var disposable: Disposable {
        get {
            lock.locked { current ?? Disposables.create() }
        }
        set {
            let toDispose: Disposable? = lock.locked {
                if disposed { return newValue }
                let previous = current
                current = newValue
                return previous
            }
            toDispose?.dispose()
        }
    }

    /// Disposes the current disposable and any assigned later.
    public func dispose() {
        let toDispose: Disposable? = lock.locked {
            guard !disposed else { return nil }
            disposed = true
            let previous = current
            current = nil
            return previous
        }
        toDispose?.dispose()
    }
}
