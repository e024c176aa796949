/// Disposes a disposable on a given scheduler, for resources that must be released on a
/// particular thread or queue.
///
/// @unchecked: inherits `DisposeBase`; only the winner of the atomic `disposed` exchange takes it.
public final class ScheduledDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType

    @exclusivity(unchecked) private var disposed = InlineAtomic<Bool>(false)
    private var disposable: Disposable?

    /// Creates a disposable that will dispose `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
        super.init()
    }

    /// Whether the wrapped disposable has been disposed: set when the disposal runs on
    /// ``scheduler``, not when ``dispose()`` is called (as in RxSwift).
    public var isDisposed: Bool {
        InlineAtomic.load(&disposed, ordering: .acquiring)
    }

    /// Schedules the disposal of the wrapped disposable on ``scheduler``; the first disposal
    /// that runs there disposes it, later ones do nothing.
    public func dispose() {
        _ = scheduler.schedule(self) { this in
            this.disposeInner()
            return Disposables.create()
        }
    }

    private func disposeInner() {
        guard !InlineAtomic.exchange(&disposed, true, ordering: .acquiringAndReleasing) else { return }
        let inner = disposable
        disposable = nil
        inner?.dispose()
    }
}
