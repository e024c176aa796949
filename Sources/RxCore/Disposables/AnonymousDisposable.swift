/// Runs a closure once, on the first `dispose()`, and then drops it (and what it captured).
///
/// @unchecked: inherits `DisposeBase`; only the winner of the atomic `disposed` exchange runs it.
final class AnonymousDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    @exclusivity(unchecked) private var disposed = InlineAtomic(false)
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
        self.action = action
        super.init()
    }

    var isDisposed: Bool {
        InlineAtomic.load(&disposed, ordering: .acquiring)
    }

    func dispose() {
        guard !InlineAtomic.exchange(&disposed, true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
