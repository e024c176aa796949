/// A disposable that only records whether it has been disposed.
///
/// Useful as a cancellation flag that a loop checks between steps. Its whole state is one
/// atomic, so it is checked `Sendable`: it counts itself in ``Resources`` instead of deriving
/// from ``DisposeBase`` (a class with a superclass cannot be checked).
public final class BooleanDisposable: Cancelable, Sendable {
    /// A disposable that is already disposed.
    static let disposedInstance = BooleanDisposable(isDisposed: true)

    private let disposed: AtomicCell<Bool>

    /// Creates a disposable that is not disposed yet.
    public init() {
        disposed = AtomicCell(false)
        ResourceCounter.allocated(self)
    }

    /// Creates a disposable in the given state.
    ///
    /// - Parameter isDisposed: Whether it starts out disposed.
    public init(isDisposed: Bool) {
        disposed = AtomicCell(isDisposed)
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Marks the disposable as disposed.
    public func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
