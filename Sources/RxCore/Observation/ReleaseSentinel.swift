/// Calls `released` when the closure that owns it is freed: how an observation learns that the
/// object's registrar let go of its registration (after it fired, on cancellation, or because
/// the object is being deallocated), which the framework does not report otherwise.
final class ReleaseSentinel: Sendable {
    private let released: @Sendable () -> Void

    init(released: @escaping @Sendable () -> Void) {
        self.released = released
    }

    deinit {
        released()
    }
}
