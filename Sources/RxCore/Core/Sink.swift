import Synchronization

/// The bits of a sink's `state`.
private enum SinkState {
    /// Nothing more is forwarded (`dispose()` or `claimStop()`).
    static let stopped = 1
    /// `dispose()` has run.
    static let disposed = 2
    /// `setSubscription(_:)` has stored the source subscription.
    static let subscriptionSet = 4
    /// Made with `init(observer:)`: the sink is its subscription's disposable.
    static let ownsSubscription = 8
}

/// The per-subscription half of an operator: receives the source's events and forwards the
/// results to the downstream observer.
///
/// A producer (the operator's ``Observable``) creates one sink per subscription. The sink
/// holds the downstream observer and the `cancel` disposable that tears the subscription
/// down; once disposed it forwards nothing more. With the `TraceResources` trait each live
/// sink is counted.
///
/// A sink made with ``init(observer:)`` is its own subscription's disposable instead: it keeps
/// its source subscription itself (``setSubscription(_:)``), so a subscription needs no
/// separate ``SinkDisposer`` (one allocation and two existential copies fewer).
class Sink<Observer: ObserverType>: Disposable {
    // `state` first: its offset does not depend on `Observer`, so the per-element check
    // reads it at a constant offset.
    private let state: Atomic<Int>
    final let observer: Observer
    /// What tears the subscription down: the ``SinkDisposer``, or a no-op for a sink that
    /// owns its subscription (its teardown is ``dispose()``).
    final let cancel: Cancelable
    // The source subscription of a sink that owns it. Written once before `state` flags it set,
    // taken only by the one call that sees both `disposed` and `subscriptionSet` become true:
    // `state` orders every access, so no run-time exclusivity check.
    @exclusivity(unchecked) private var subscription: Disposable = NopDisposable.noOp

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
        state = Atomic(0)
        ResourceCounter.allocated(self)
    }

    /// A sink that is its own subscription's disposable: the producer hands it the source
    /// subscription with ``setSubscription(_:)`` and returns the sink itself. Only for sinks
    /// that tear down through ``dispose()`` or ``cancelSubscription()`` (their `cancel` does
    /// nothing).
    init(observer: Observer) {
        self.observer = observer
        self.cancel = NopCancelable.noOp
        state = Atomic(SinkState.ownsSubscription)
        ResourceCounter.allocated(self)
    }

    /// Keeps the source subscription of a sink made with ``init(observer:)``, to dispose with
    /// the sink; disposes it at once when the sink was disposed first (a source that ended
    /// while it was being subscribed). Called once.
    final func setSubscription(_ subscription: Disposable) {
        self.subscription = subscription
        let previous = state.bitwiseOr(SinkState.subscriptionSet, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & SinkState.subscriptionSet == 0, "Sink: subscription set twice")
        if previous & SinkState.disposed != 0 {
            releaseSubscription()
        }
    }

    /// Disposes and lets go of the source subscription (it refers back to this sink, its
    /// observer: releasing it breaks the cycle).
    private func releaseSubscription() {
        let subscription = self.subscription
        self.subscription = NopDisposable.noOp
        subscription.dispose()
    }

    /// Forwards `event` downstream unless the sink is disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        forwardUnlessDisposed { observer.on(event) }
    }

    /// Forwards `.next(element)` downstream unless the sink is disposed, without building the
    /// event (see ``ObserverType/_onNext(_:)``).
    @inline(__always)
    final func forwardNext(_ element: Observer.Element) {
        forwardUnlessDisposed { observer._onNext(element) }
    }

    /// Forwards `.completed` downstream unless the sink is disposed, without building the
    /// event (see ``ObserverType/_onCompleted()``).
    @inline(__always)
    final func forwardCompleted() {
        forwardUnlessDisposed { observer._onCompleted() }
    }

    /// Forwards `.error(error)` downstream unless the sink is disposed, without building the
    /// event (see ``ObserverType/_onError(_:)``).
    @inline(__always)
    final func forwardError(_ error: Swift.Error) {
        forwardUnlessDisposed { observer._onError(error) }
    }

    /// Runs `deliver` unless the sink is disposed (in debug builds, checking that deliveries
    /// never overlap).
    @inline(__always)
    private func forwardUnlessDisposed(_ deliver: () -> Void) {
        #if DEBUG
        synchronizationTracker.enter(type(of: self))
        defer { synchronizationTracker.leave() }
        #endif
        if state.load(ordering: .relaxed) & SinkState.stopped != 0 {
            return
        }
        deliver()
    }

    /// Forwards `.error(error)` downstream and disposes the sink: how an operator's per-element
    /// path fails. Out of line, so that the per-element path does not look up the `Event` type
    /// this builds.
    @inline(never)
    final func forwardFailure(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    /// Ends the sequence as far as forwarding goes, under the caller's lock: nothing is
    /// forwarded after this, and the caller then delivers the stop event with
    /// ``deliverStop(_:)`` once it has released the lock.
    ///
    /// Sinks that forward under their own lock end this way because the stop event makes
    /// the downstream tear the chain down, and a source's teardown may wait for a lock held
    /// by a thread that is waiting for ours (RxSwift #2711, #2703).
    ///
    /// - Returns: Whether this call ended the sequence (`false` once it has ended or been
    ///   disposed).
    final func claimStop() -> Bool {
        state.bitwiseOr(SinkState.stopped, ordering: .relaxed).oldValue & SinkState.stopped == 0
    }

    /// Delivers the stop event of a ``claimStop()`` that returned `true`, then tears the
    /// subscription down; called outside the sink's lock.
    final func deliverStop(_ event: Event<Observer.Element>) {
        observer.on(event)
        cancelSubscription()
    }

    /// Tears the whole subscription down: through `cancel`, or by disposing the sink when it
    /// is its subscription's disposable.
    final func cancelSubscription() {
        if state.load(ordering: .relaxed) & SinkState.ownsSubscription != 0 {
            dispose()
        } else {
            cancel.dispose()
        }
    }

    /// An observer that forwards into this sink's downstream, for operators that subscribe
    /// the downstream to another sequence (such as `catch` switching to its fallback).
    final func forwarder() -> SinkForward<Observer> {
        SinkForward(forward: self)
    }

    /// Whether the sink has been disposed.
    final var isDisposed: Bool {
        state.load(ordering: .relaxed) & SinkState.stopped != 0
    }

    /// Stops forwarding and tears down the subscription.
    func dispose() {
        guard state.load(ordering: .relaxed) & SinkState.ownsSubscription != 0 else {
            // The state of a sink with a `cancel` only ever gains these two bits: a plain store
            // (no locked read-modify-write) loses nothing.
            state.store(SinkState.stopped | SinkState.disposed, ordering: .relaxed)
            cancel.dispose()
            return
        }
        let previous = state.bitwiseOr(SinkState.stopped | SinkState.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & (SinkState.disposed | SinkState.subscriptionSet) == SinkState.subscriptionSet {
            releaseSubscription()
        }
    }

    deinit {
        ResourceCounter.deallocated(self)
    }
}

/// The `cancel` of a sink that owns its subscription: never disposed by itself.
private struct NopCancelable: Cancelable {
    static let noOp = NopCancelable()

    var isDisposed: Bool {
        false
    }

    func dispose() {}
}

/// Forwards events to a sink's downstream observer; stop events also dispose the sink.
struct SinkForward<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let forward: Sink<Observer>

    init(forward: Sink<Observer>) {
        self.forward = forward
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forward.observer.on(event)
        case .error, .completed:
            forward.observer.on(event)
            forward.cancelSubscription()
        }
    }
}
