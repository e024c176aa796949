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
    /// The entries in insertion order: `full` chunks first, then `current`, the one being filled.
    /// A chunk is never reallocated once full, so a growing bag never copies what it holds, and
    /// no chunk grows past ``largestChunk`` entries, which keeps each one a small heap block
    /// rather than a fresh memory mapping that the kernel must fault in page by page.
    @exclusivity(unchecked) private var full: [[Disposable]] = []
    @exclusivity(unchecked) private var current: [Disposable] = []
    @exclusivity(unchecked) private var disposed = false

    /// The capacity of a bag's first chunk; each next one doubles, up to ``largestChunk``.
    private static var firstChunk: Int { 8 }
    /// The largest chunk: 1,024 entries of 40 bytes, well under the allocator's mapping threshold.
    private static var largestChunk: Int { 1024 }

    /// Creates an empty bag.
    public override init() {
        super.init()
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        current = disposables
    }

    /// Creates a bag holding the disposables the builder lists.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init()
        current = builder()
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        current = disposables
    }

    /// Adds `disposable`; disposes it at once when the bag is already disposing.
    public func insert(_ disposable: consuming Disposable) {
        // Moved into the list, not copied (no retain and release of it), which a closure given
        // to `locked` cannot do; appended directly, with no one-element array made for it.
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        if current.count == current.capacity {
            startChunk()
        }
        current.append(disposable)
        lock.unlock()
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
            current.append(contentsOf: disposables)
            return true
        }
        if !accepted {
            for disposable in disposables { disposable.dispose() }
        }
    }

    /// Files the full chunk away and starts the next, twice its capacity up to ``largestChunk``.
    /// Call with the lock held.
    private func startChunk() {
        let capacity = min(max(current.capacity * 2, Self.firstChunk), Self.largestChunk)
        var next: [Disposable] = []
        next.reserveCapacity(capacity)
        swap(&next, &current)
        if !next.isEmpty {
            full.append(next)
        }
    }

    private func dispose() {
        var chunks: [[Disposable]] = []
        var last: [Disposable] = []
        lock.locked {
            disposed = true
            // Swapped out, not copied and cleared: the bag lets go of its storage.
            swap(&chunks, &full)
            swap(&last, &current)
        }
        for chunk in chunks {
            for disposable in chunk {
                disposable.dispose()
            }
        }
        for disposable in last {
            disposable.dispose()
        }
    }

    deinit {
        dispose()
    }
}

extension DisposeBag {
    /// Builds a list of disposables from statements, for ``DisposeBag/init(builder:)`` and
    /// ``DisposeBag/insert(builder:)``. Nested in `DisposeBag`, where RxSwift declares it, so
    /// that `@DisposeBag.DisposableBuilder` compiles as it does there.
    @resultBuilder
    public enum DisposableBuilder {
        /// Collects the disposables of a block.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }
}

/// The disposables' result builder under its earlier top-level name; see
/// ``DisposeBag/DisposableBuilder``.
public typealias DisposableBuilder = DisposeBag.DisposableBuilder

extension Disposable {
    /// Adds this disposable to `bag`, so it is disposed when the bag goes away.
    ///
    /// - Parameter bag: The bag that owns the subscription.
    public consuming func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
