/// A subject that a ``SubjectSubscription`` can unsubscribe from.
protocol SubjectSubscriptionOwner: AnyObject {
    /// Removes the observer of `subscription`, if it is still registered.
    func unsubscribe(_ subscription: SubjectSubscription)
}

/// The disposable a subject returns for one subscription: disposing it removes the observer
/// from the subject.
///
/// It refers to its subject weakly, so an unterminated subject that nobody holds any more is
/// freed even while subscriptions to it are alive. Once disposed, the subject's delivery
/// skips the observer even for an event that was already under way on this thread.
///
/// @unchecked: `disposed` is atomic, `owner` a weak reference never reassigned, `key` only touched under the owner's lock.
final class SubjectSubscription: DisposeBase, Cancelable, @unchecked Sendable {
    /// Never reassigned (a `weak var` because `weak let` needs Swift 6.2); the runtime's weak
    /// loads are safe from any thread.
    @exclusivity(unchecked) private weak var owner: (any SubjectSubscriptionOwner)?
    @exclusivity(unchecked) private var disposed = InlineAtomic<Bool>(false)

    /// Where the observer sits in the subject's bag once it receives live events; `nil`
    /// while the subject is still replaying to it. Guarded by the owner's lock (the subject's, or
    /// the `share` connection's parent's), read and written only under it.
    var key: BagKey?

    @inline(__always)
    init(owner: any SubjectSubscriptionOwner) {
        self.owner = owner
        super.init()
    }

    /// Whether `dispose()` has been called.
    @inline(__always)
    var isDisposed: Bool {
        InlineAtomic.load(&disposed, ordering: .acquiring)
    }

    /// Removes the observer from the subject; later calls do nothing.
    func dispose() {
        guard !InlineAtomic.exchange(&disposed, true, ordering: .acquiringAndReleasing) else { return }
        owner?.unsubscribe(self)
    }
}
