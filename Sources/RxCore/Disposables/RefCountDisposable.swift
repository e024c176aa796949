/// Disposes an underlying disposable only when its primary owner and every dependent
/// obtained with ``retain()`` have been disposed.
///
/// @unchecked: inherits the counted `DisposeBase`; the count and flags are under `lock`.
public final class RefCountDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var underlying: Disposable?
    private var primaryDisposed = false
    private var count = 0

    /// Creates a reference-counted wrapper around `disposable`.
    public init(disposable: Disposable) {
        underlying = disposable
        super.init()
    }

    /// Whether the primary owner has disposed (the underlying disposable may still be alive
    /// while dependents hold it).
    public var isDisposed: Bool {
        lock.locked { underlying == nil }
    }

    /// Returns a dependent disposable that keeps the underlying one alive until it is disposed.
    ///
    /// After the underlying disposable is gone, returns a no-op disposable.
    public func retain() -> Disposable {
        let alive: Bool = lock.locked {
            guard underlying != nil else { return false }
            count += 1
            return true
        }
        guard alive else { return Disposables.create() }
        return RefCountInnerDisposable(parent: self)
    }

    /// Disposes the primary reference; the underlying disposable goes when no dependent remains.
    public func dispose() {
        let toDispose: Disposable? = lock.locked {
            guard let current = underlying, !primaryDisposed else { return nil }
            primaryDisposed = true
            guard count == 0 else { return nil }
            underlying = nil
            return current
        }
        toDispose?.dispose()
    }

    fileprivate func release() {
        let toDispose: Disposable? = lock.locked {
            guard let current = underlying else { return nil }
            precondition(count > 0, "RefCountDisposable: released more often than retained")
            count -= 1
            guard count == 0, primaryDisposed else { return nil }
            underlying = nil
            return current
        }
        toDispose?.dispose()
    }
}

/// A dependent of a ``RefCountDisposable`` that releases its reference once.
/// @unchecked: inherits the counted `DisposeBase`; its one flag is atomic.
private final class RefCountInnerDisposable: DisposeBase, Disposable, @unchecked Sendable {
    private let parent: RefCountDisposable
    @exclusivity(unchecked) private var released = InlineAtomic<Bool>(false)

    init(parent: RefCountDisposable) {
        self.parent = parent
        super.init()
    }

    func dispose() {
        if !InlineAtomic.exchange(&released, true, ordering: .acquiringAndReleasing) {
            parent.release()
        }
    }
}
