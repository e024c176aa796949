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
        case .next(let element):
            _onNext(element)
        case .error, .completed:
            if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
                onCore(event)
            }
        }
    }

    /// Delivers an element unless a stop event came first.
    final func _onNext(_ element: Element) {
        if !stopped.load(ordering: .acquiring) {
            onNextCore(element)
        }
    }

    /// Handles a stop event that the grammar allows (elements go to ``onNextCore(_:)``).
    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Handles an element that the grammar allows.
    func onNextCore(_ element: Element) {
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
    /// Where elements go, without building an event; the event handler gets the stop events.
    private let elementHandler: (Element) -> Void

    /// An observer that passes every event to `eventHandler`.
    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        elementHandler = { eventHandler(.next($0)) }
        super.init()
    }

    /// An observer that passes elements to `elementHandler` and stop events to `eventHandler`.
    init(elements elementHandler: @escaping (Element) -> Void, stops eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        self.elementHandler = elementHandler
        super.init()
    }

    override func onCore(_ event: Event<Element>) {
        eventHandler(event)
    }

    override func onNextCore(_ element: Element) {
        elementHandler(element)
    }
}
