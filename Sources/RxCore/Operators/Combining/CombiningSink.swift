/// The face a `zip` or `combineLatest` sink shows its source observers, free of the
/// downstream observer's type.
protocol CombiningSinkProtocol: AnyObject {
    /// Serializes the sources' events; held while forwarding downstream.
    var lock: RecursiveLock { get }
    /// The source at `index` delivered an element (already stored in its slot).
    func sourceProduced(at index: Int)
    /// A source failed.
    func sourceFailed(_ error: Swift.Error)
    /// The source at `index` completed.
    func sourceCompleted(at index: Int)
    /// Disposes the subscription to the source at `index`.
    func disposeSource(at index: Int)
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
    /// Set once in `run`, before any source is subscribed; read only under `lock`.
    private var combine: Combine?

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
            finish()
        }
        return Disposables.create(subscriptions.map { $0 as Disposable })
    }

    /// Makes one combination from the slots and sends it; a throwing selector ends the
    /// sequence with its error. Call under `lock` once every slot has a value.
    final func emitCombination() {
        guard let combine else { return }
        let combination: Observer.Element
        do {
            combination = try combine()
        } catch {
            forwardFailure(error)
            return
        }
        forwardNext(combination)
    }

    /// Completes the sequence and disposes every source.
    final func finish() {
        forwardOn(.completed)
        dispose()
    }

    final func sourceFailed(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    final func disposeSource(at index: Int) {
        subscriptions[index].dispose()
    }

    func sourceProduced(at index: Int) {
        rxAbstractMethod()
    }

    func sourceCompleted(at index: Int) {
        rxAbstractMethod()
    }
}
