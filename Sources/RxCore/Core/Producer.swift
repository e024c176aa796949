import Synchronization

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
        // running one, connect at once as before.
        if let disposable = CurrentThreadScheduler.runAsTrampoline({ connect(observer) }) {
            return disposable
        }
        return connect(observer)
    }

    private func connect<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
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
final class SinkDisposer: Cancelable {
    private struct Flags {
        static let disposed = 1
        static let sinkAndSubscriptionSet = 2
    }

    private let state = Atomic<Int>(0)
    private var sink: Disposable?
    private var subscription: Disposable?

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Flags.disposed != 0
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = state.bitwiseOr(Flags.sinkAndSubscriptionSet, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Flags.sinkAndSubscriptionSet == 0, "SinkDisposer: sink and subscription set twice")
        if previous & Flags.disposed != 0 {
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    func dispose() {
        let previous = state.bitwiseOr(Flags.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & Flags.disposed != 0 { return }
        if previous & Flags.sinkAndSubscriptionSet != 0 {
            guard let sink, let subscription else {
                rxFatalError("SinkDisposer: sink and subscription flagged as set but missing")
            }
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }
}
