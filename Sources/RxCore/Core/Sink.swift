/// The per-subscription half of an operator: receives the source's events and forwards the
/// results to the downstream observer.
///
/// A producer (the operator's ``Observable``) creates one sink per subscription. The sink
/// holds the downstream observer and the `cancel` disposable that tears the subscription
/// down; once disposed it forwards nothing more. With the `TraceResources` trait each live
/// sink is counted.
class Sink<Observer: ObserverType>: Disposable {
    // `disposed` first: its offset does not depend on `Observer`, so the per-element check
    // reads it at a constant offset instead of through the class metadata.
    @exclusivity(unchecked) private final var disposed = InlineAtomic<Bool>(false)
    final let observer: Observer
    final let cancel: Cancelable

    #if DEBUG
    private let synchronizationTracker = SynchronizationTracker()
    #endif

    @inline(__always)
    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
        ResourceCounter.allocated(self)
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
        if InlineAtomic.load(&disposed, ordering: .relaxed) {
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
        !InlineAtomic.exchange(&disposed, true, ordering: .relaxed)
    }

    /// Delivers the stop event of a ``claimStop()`` that returned `true`, then tears the
    /// subscription down; called outside the sink's lock.
    final func deliverStop(_ event: Event<Observer.Element>) {
        observer.on(event)
        cancel.dispose()
    }

    /// An observer that forwards into this sink's downstream, for operators that subscribe
    /// the downstream to another sequence (such as `catch` switching to its fallback).
    final func forwarder() -> SinkForward<Observer> {
        SinkForward(forward: self)
    }

    /// Whether the sink has been disposed.
    final var isDisposed: Bool {
        InlineAtomic.load(&disposed, ordering: .relaxed)
    }

    /// Stops forwarding and tears down the subscription.
    func dispose() {
        InlineAtomic.store(&disposed, true, ordering: .relaxed)
        cancel.dispose()
    }

    deinit {
        ResourceCounter.deallocated(self)
    }
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
            forward.cancel.dispose()
        }
    }
}
