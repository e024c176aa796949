import Synchronization

/// Disposes a disposable on a given scheduler, for resources that must be released on a
/// particular thread or queue.
///
/// `@unchecked Sendable`: the wrapped disposable is taken by the caller that wins the atomic
/// exchange of `disposed`.
public final class ScheduledDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType

    private let disposed = Atomic<Bool>(false)
    private var disposable: Disposable?

    /// Creates a disposable that will dispose `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
        super.init()
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Schedules the disposal of the wrapped disposable on ``scheduler``.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = scheduler.schedule(self) { this in
            let inner = this.disposable
            this.disposable = nil
            inner?.dispose()
            return Disposables.create()
        }
    }
}
