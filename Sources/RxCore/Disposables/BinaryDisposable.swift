import Synchronization

/// Disposes two disposables together, once.
///
/// @unchecked: inherits `DisposeBase`; only the winner of the atomic `disposed` exchange reads them.
final class BinaryDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    private let disposed = Atomic<Bool>(false)
    private var first: Disposable?
    private var second: Disposable?

    init(_ first: Disposable, _ second: Disposable) {
        self.first = first
        self.second = second
        super.init()
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let (first, second) = (self.first, self.second)
        self.first = nil
        self.second = nil
        first?.dispose()
        second?.dispose()
    }
}
