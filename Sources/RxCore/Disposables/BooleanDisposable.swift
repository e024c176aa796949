import Synchronization

/// A disposable that only records whether it has been disposed.
///
/// Useful as a cancellation flag that a loop checks between steps.
/// @unchecked: only because its counted base class is not; its whole state is one atomic.
public final class BooleanDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    /// A disposable that is already disposed.
    static let disposedInstance = BooleanDisposable(isDisposed: true)

    private let disposed: Atomic<Bool>

    /// Creates a disposable that is not disposed yet.
    public override init() {
        disposed = Atomic(false)
        super.init()
    }

    /// Creates a disposable in the given state.
    ///
    /// - Parameter isDisposed: Whether it starts out disposed.
    public init(isDisposed: Bool) {
        disposed = Atomic(isDisposed)
        super.init()
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
