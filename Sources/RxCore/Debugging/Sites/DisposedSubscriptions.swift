#if TraceResources
/// The subscriptions with nested ones (a `subscribe` inside a `create` closure) whose own
/// disposable was disposed: when their resources are still alive, the nested subscription is
/// the one never disposed, and a leak report names its line rather than the outer one.
///
/// Only subscriptions that made a nested one while tracking was on are watched, so the set
/// stays small and the dispose path of every other subscription is untouched.
final class DisposedSubscriptions: Sendable {
    static let shared = DisposedSubscriptions()

    private let ids = LockedValue(Set<UInt32>())

    private init() {}

    /// Notes that subscription `id`'s disposable was disposed.
    func insert(_ id: UInt32) {
        ids.withLock { _ = $0.insert(id) }
    }

    /// The ids noted so far.
    var all: Set<UInt32> {
        ids.withLock { $0 }
    }
}

/// The disposable an entry point returns for a subscription that made a nested one: it notes
/// its disposal in ``DisposedSubscriptions`` before disposing the subscription.
final class NestedSubscriptionHandle: Cancelable {
    private let subscription: Disposable
    private let id: UInt32
    private let disposed = AtomicCell<Bool>(false)

    init(_ subscription: Disposable, id: UInt32) {
        self.subscription = subscription
        self.id = id
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DisposedSubscriptions.shared.insert(id)
        subscription.dispose()
    }
}
#endif
