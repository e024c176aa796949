/// The base of the core's disposables: with the `TraceResources` trait, each live instance
/// is counted in ``Resources``.
open class DisposeBase {
    /// Creates the disposable and counts it.
    public init() {
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }
}
