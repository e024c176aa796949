/// A group of disposables disposed together; items can be added and removed while it lives.
///
/// Adding to a disposed composite disposes the item at once.
/// @unchecked: inherits the counted `DisposeBase`; the items and the flag are under `lock`.
public final class CompositeDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    /// The key of an inserted item, used to remove it.
    public typealias DisposeKey = BagKey

    private let lock = Lock()
    private var items = Bag<Disposable>()
    private var disposed = false

    /// Creates an empty composite.
    public override init() {
        super.init()
    }

    /// Creates a composite holding two disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        super.init()
        _ = items.insert(disposable1)
        _ = items.insert(disposable2)
    }

    /// Creates a composite holding three disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        super.init()
        _ = items.insert(disposable1)
        _ = items.insert(disposable2)
        _ = items.insert(disposable3)
    }

    /// Creates a composite holding four or more disposables, as RxSwift's
    /// `CompositeDisposable(d1, d2, d3, d4, d5)` does.
    public convenience init(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable,
        _ disposable4: Disposable,
        _ disposables: Disposable...
    ) {
        self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// Creates a composite holding the given disposables.
    public convenience init(disposables: Disposable...) {
        self.init(disposables: disposables)
    }

    /// Creates a composite holding the given disposables.
    public init(disposables: [Disposable]) {
        super.init()
        for disposable in disposables {
            _ = items.insert(disposable)
        }
    }

    /// Adds `disposable` to the group.
    ///
    /// - Returns: The key to remove it with, or `nil` when the composite is already disposed,
    ///   in which case `disposable` has been disposed.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: DisposeKey? = lock.locked {
            disposed ? nil : items.insert(disposable)
        }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// The number of disposables in the group.
    public var count: Int {
        lock.locked { items.count }
    }

    /// Removes the disposable stored under `disposeKey` and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        let removed: Disposable? = lock.locked { items.removeKey(disposeKey) }
        removed?.dispose()
    }

    /// Whether the group has been disposed.
    public var isDisposed: Bool {
        lock.locked { disposed }
    }

    /// Disposes every disposable in the group, in insertion order, and any added later.
    public func dispose() {
        let toDispose: [Disposable]? = lock.locked {
            guard !disposed else { return nil }
            disposed = true
            return items.removeAll()
        }
        for disposable in toDispose ?? [] {
            disposable.dispose()
        }
    }
}
