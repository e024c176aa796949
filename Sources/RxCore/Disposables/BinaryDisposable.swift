/// Disposes two disposables together, once.
///
/// @unchecked: inherits `DisposeBase`; only the winner of the atomic `disposed` exchange reads them.
final class BinaryDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    @exclusivity(unchecked) private var disposed = InlineAtomic<Bool>(false)
    private var first: Disposable?
    private var second: Disposable?

    init(_ first: Disposable, _ second: Disposable) {
        self.first = first
        self.second = second
        super.init()
    }

    var isDisposed: Bool {
        InlineAtomic.load(&disposed, ordering: .acquiring)
    }

    func dispose() {
        guard !InlineAtomic.exchange(&disposed, true, ordering: .acquiringAndReleasing) else { return }
        let (first, second) = (self.first, self.second)
        self.first = nil
        self.second = nil
        first?.dispose()
        second?.dispose()
    }
}
