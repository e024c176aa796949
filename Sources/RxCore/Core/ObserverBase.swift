import Synchronization

/// The base of terminal observers: enforces the grammar by dropping everything after the
/// first stop event.
class ObserverBase<Element>: Disposable, ObserverType {
    private let stopped = Atomic<Bool>(false)

    init() {
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if !stopped.load(ordering: .acquiring) {
                onCore(event)
            }
        case .error, .completed:
            if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
                onCore(event)
            }
        }
    }

    /// Handles an event that the grammar allows.
    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Stops accepting events.
    func dispose() {
        stopped.store(true, ordering: .releasing)
    }
}

/// A terminal observer that calls a closure for each event the grammar allows.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler

    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        super.init()
    }

    override func onCore(_ event: Event<Element>) {
        eventHandler(event)
    }
}
