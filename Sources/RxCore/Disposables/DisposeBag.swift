/// Collects disposables and disposes them all when the bag is deallocated.
///
/// The usual way to tie subscriptions to an owner's lifetime: store a bag in the owner and
/// add each subscription with ``Disposable/disposed(by:)``. To dispose early, replace the bag
/// with a new one.
///
/// ```swift
/// var bag = DisposeBag()
/// Observable.of(1, 2).subscribe(onNext: { print($0) }).disposed(by: bag)
/// bag = DisposeBag()   // disposes everything the old bag held
/// ```
///
/// @unchecked: inherits the counted `DisposeBase`; the list and the flag are guarded by `lock`.
public final class DisposeBag: DisposeBase, @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`: no run-time exclusivity check.
    @exclusivity(unchecked) private var disposables: [Disposable] = []
    @exclusivity(unchecked) private var disposed = false

    /// Creates an empty bag.
    public override init() {
        super.init()
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        self.disposables = disposables
    }

    /// Creates a bag holding the disposables the builder lists.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init()
        self.disposables = builder()
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        self.disposables = disposables
    }

    /// Adds `disposable`; disposes it at once when the bag is already disposing.
    public func insert(_ disposable: Disposable) {
        // Appended directly: no one-element array made for it (an allocation per insert).
        let accepted: Bool = lock.locked {
            guard !disposed else { return false }
            disposables.append(disposable)
            return true
        }
        if !accepted {
            disposable.dispose()
        }
    }

    /// Adds each of `disposables`.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds the disposables the builder lists.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Adds each of `disposables`.
    public func insert(_ disposables: [Disposable]) {
        let accepted: Bool = lock.locked {
            guard !disposed else { return false }
            self.disposables.append(contentsOf: disposables)
            return true
        }
        if !accepted {
            for disposable in disposables { disposable.dispose() }
        }
    }

    private func dispose() {
        let toDispose: [Disposable] = lock.locked {
            disposed = true
            // Moved out, not copied and cleared: the bag lets go of its storage.
            let all = disposables
            disposables = []
            return all
        }
        for disposable in toDispose {
            disposable.dispose()
        }
    }

    deinit {
        dispose()
    }
}

/// Builds a list of disposables from statements, for ``DisposeBag/init(builder:)``.
@resultBuilder
public enum DisposableBuilder {
    /// Collects the disposables of a block.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
        disposables
    }
}

extension Disposable {
    /// Adds this disposable to `bag`, so it is disposed when the bag goes away.
    ///
    /// - Parameter bag: The bag that owns the subscription.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
