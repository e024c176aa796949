/// The base of the core's operators: an observable that creates a sink per subscription.
///
/// `subscribe` runs the operator through ``CurrentThreadScheduler`` when no trampoline is
/// active on this thread, so nested synchronous subscriptions queue instead of recursing.
@usableFromInline
class Producer<Element>: Observable<Element> {
    override init() {
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        // One thread-local lookup: run as the trampoline (no closure allocated), or, inside a
        // running one, connect at once.
        CurrentThreadScheduler.runAsTrampoline { connect(observer) }
    }

    private func connect<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let disposer = SinkDisposer()
        // Destructured and consumed: the parts move into the disposer, with no copy of each
        // existential and no generic destruction of the tuple.
        let (sink, subscription) = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sink, subscription: subscription)
        return disposer
    }

    /// Creates the sink for one subscription and subscribes it to its sources.
    ///
    /// - Parameters:
    ///   - observer: The downstream observer.
    ///   - cancel: What the sink disposes to tear the whole subscription down.
    /// - Returns: The sink and the subscription to the sources.
    func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        rxAbstractMethod()
    }
}

/// Owns a sink and its source subscription and disposes both once, even when `dispose()`
/// arrives before they are set (a source that terminates during `run`).
///
/// The two parts are plain (not optional) existentials holding a shared no-op until set and
/// after release: an optional existential is assigned through the runtime's generic value
/// witnesses (about 100 instructions each time), a plain one is not.
final class SinkDisposer: Cancelable {
    private struct Flags {
        static let disposed = 1
        static let sinkAndSubscriptionSet = 2
    }

    @exclusivity(unchecked) private var state = InlineAtomic<Int>(0)
    // Written once before `state` flags them set, read and released only by the one call
    // that sees both flags: `state` orders every access, so no run-time exclusivity check.
    @exclusivity(unchecked) private var sink: Disposable = NopDisposable.noOp
    @exclusivity(unchecked) private var subscription: Disposable = NopDisposable.noOp

    var isDisposed: Bool {
        InlineAtomic.load(&state, ordering: .acquiring) & Flags.disposed != 0
    }

    func setSinkAndSubscription(sink: consuming Disposable, subscription: consuming Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = InlineAtomic.bitwiseOr(&state, Flags.sinkAndSubscriptionSet, ordering: .acquiringAndReleasing)
        precondition(previous & Flags.sinkAndSubscriptionSet == 0, "SinkDisposer: sink and subscription set twice")
        if previous & Flags.disposed != 0 {
            disposeParts()
        }
    }

    func dispose() {
        let previous = InlineAtomic.bitwiseOr(&state, Flags.disposed, ordering: .acquiringAndReleasing)
        if previous & Flags.disposed != 0 { return }
        if previous & Flags.sinkAndSubscriptionSet != 0 {
            disposeParts()
        }
    }

    /// Disposes the sink, then the subscription, and releases both (they refer back to this
    /// disposer: the sink as its `cancel`).
    private func disposeParts() {
        // Swapped out rather than copied and overwritten: no retain of each part, no release
        // of the no-op it replaced.
        var sink: Disposable = NopDisposable.noOp
        var subscription: Disposable = NopDisposable.noOp
        swap(&sink, &self.sink)
        swap(&subscription, &self.subscription)
        sink.dispose()
        subscription.dispose()
    }
}
