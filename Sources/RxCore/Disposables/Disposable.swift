/// A resource that can be released: what `subscribe` returns to cancel a subscription.
///
/// Disposing is idempotent and thread-safe for every disposable in the core: the second and
/// later calls do nothing.
public protocol Disposable {
    /// Releases the resource; cancels the work it stands for.
    func dispose()
}

/// A disposable that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}
