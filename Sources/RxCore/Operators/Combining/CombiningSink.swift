/// The face a `zip` or `combineLatest` sink shows its source observers, free of the
/// downstream observer's type.
///
/// The event handlers run under ``lock`` and neither deliver the stop event nor dispose: the
/// ones that end the sequence return `true`, and the caller runs ``endAfterUnlocking()`` once
/// it has released the lock (the stop event makes the downstream tear the chain down, and a
/// source's teardown may wait for a lock held by a thread that waits for ours; RxSwift #2703).
protocol CombiningSinkProtocol: AnyObject {
    /// Serializes the sources' events; held while forwarding downstream.
    var lock: RecursiveLock { get }
    /// The source at `index` delivered an element (already stored in its slot); returns
    /// whether the sequence ended.
    func sourceProduced(at index: Int) -> Bool
    /// A source failed; returns whether the sequence ended (it had not already).
    func sourceFailed(_ error: Swift.Error) -> Bool
    /// The source at `index` completed; returns whether the sequence ended.
    func sourceCompleted(at index: Int) -> Bool
    /// Disposes the subscription to the source at `index`; called outside ``lock``.
    func disposeSource(at index: Int)
    /// Delivers the stop event a handler ended the sequence with, and disposes every source;
    /// called outside ``lock``.
    func endAfterUnlocking()
}

/// The shared part of the `zip` and `combineLatest` sinks: the per-source subscriptions, the
/// combine closure, errors and termination. Subclasses decide when to combine and complete.
///
/// Every source event is handled under ``lock``, a recursive lock, and forwarded while it is
/// held, as RxSwift does: events from several threads reach the observer one at a time, and an
/// element that makes a source emit again on the same thread is handled in RxSwift's order.
class CombiningSink<Observer: ObserverType>: Sink<Observer>, CombiningSinkProtocol {
    typealias Combine = () throws -> Observer.Element

    let lock = RecursiveLock()
    let arity: Int
    private let keepsLatestOnly: Bool
    private let subscriptions: [SingleAssignmentDisposable]
    /// Set once in `run`, before any source is subscribed; read only under `lock` (so no
    /// run-time exclusivity check).
    @exclusivity(unchecked) private var combine: Combine?
    /// The error the sequence ended with (`nil`: it completed); written under `lock` by the
    /// one handler that ends the sequence, read by the same thread in `endAfterUnlocking`.
    private var stopError: Swift.Error?

    init(arity: Int, keepsLatestOnly: Bool, observer: Observer, cancel: Cancelable) {
        self.arity = arity
        self.keepsLatestOnly = keepsLatestOnly
        self.subscriptions = (0..<arity).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer, cancel: cancel)
    }

    /// Lets the front end attach its sources, then subscribes them in order.
    ///
    /// - Parameter wire: Attaches the sources and returns the closure that makes one
    ///   combination from their slots.
    /// - Returns: The subscriptions to all sources.
    func run(_ wire: (inout CombiningWiring) -> Combine) -> Disposable {
        var wiring = CombiningWiring(sink: self, keepsLatestOnly: keepsLatestOnly)
        combine = wire(&wiring)
        precondition(
            wiring.connections.count == arity,
            "CombiningSink: \(wiring.connections.count) sources attached, \(arity) expected"
        )
        for (index, connect) in wiring.connections.enumerated() {
            subscriptions[index].setDisposable(connect())
        }
        if arity == 0 {
            // RxSwift: `combineLatest([])` emits its one combination of nothing, then
            // completes; `zip([])` just completes.
            if !keepsLatestOnly || !emitCombination() {
                _ = finish()
            }
            endAfterUnlocking()
        }
        return Disposables.create(subscriptions.map { $0 as Disposable })
    }

    /// Makes one combination from the slots and sends it; a throwing selector ends the
    /// sequence with its error. Call under `lock` once every slot has a value.
    ///
    /// - Returns: Whether the sequence ended (the caller disposes after releasing the lock).
    final func emitCombination() -> Bool {
        guard let combine else { return false }
        let combination: Observer.Element
        do {
            combination = try combine()
        } catch {
            return failWithSelectorError(error)
        }
        forwardNext(combination)
        return false
    }

    /// Out of line, so that the per-element path does not look up the `Event` type.
    @inline(never)
    private func failWithSelectorError(_ error: Swift.Error) -> Bool {
        sourceFailed(error)
    }

    /// Ends the sequence with its completion, delivered by ``endAfterUnlocking()``.
    ///
    /// - Returns: Whether the sequence ended here (it had not already), for the handlers to
    ///   return.
    final func finish() -> Bool {
        claimStop()
    }

    final func sourceFailed(_ error: Swift.Error) -> Bool {
        guard claimStop() else { return false }
        stopError = error
        return true
    }

    final func endAfterUnlocking() {
        if let stopError {
            deliverStop(.error(stopError))
        } else {
            deliverStop(.completed)
        }
    }

    final func disposeSource(at index: Int) {
        subscriptions[index].dispose()
    }

    func sourceProduced(at index: Int) -> Bool {
        rxAbstractMethod()
    }

    func sourceCompleted(at index: Int) -> Bool {
        rxAbstractMethod()
    }
}
