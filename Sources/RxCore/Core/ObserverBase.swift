/// The base of terminal observers: enforces the grammar by dropping everything after the
/// first stop event.
@usableFromInline
class ObserverBase<Element>: Disposable, ObserverType {
    @exclusivity(unchecked) private final var stopped = InlineAtomic(false)

    init() {
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            _onNext(element)
        case .error, .completed:
            if !InlineAtomic.exchange(&stopped, true, ordering: .acquiringAndReleasing) {
                onCore(event)
            }
        }
    }

    /// Delivers an element unless a stop event came first.
    @usableFromInline
    final func _onNext(_ element: Element) {
        if !InlineAtomic.load(&stopped, ordering: .acquiring) {
            onNextCore(element)
        }
    }

    /// Delivers the completion unless a stop event came first, without building the event.
    @usableFromInline
    final func _onCompleted() {
        if !InlineAtomic.exchange(&stopped, true, ordering: .acquiringAndReleasing) {
            onCompletedCore()
        }
    }

    /// Delivers the error unless a stop event came first, without building the event.
    @usableFromInline
    final func _onError(_ error: Swift.Error) {
        if !InlineAtomic.exchange(&stopped, true, ordering: .acquiringAndReleasing) {
            onErrorCore(error)
        }
    }

    /// Handles a stop event that the grammar allows (elements go to ``onNextCore(_:)``).
    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Handles the completion the grammar allows; by default through ``onCore(_:)``.
    func onCompletedCore() {
        onCore(.completed)
    }

    /// Handles the error the grammar allows; by default through ``onCore(_:)``.
    func onErrorCore(_ error: Swift.Error) {
        onCore(.error(error))
    }

    /// Handles an element that the grammar allows.
    func onNextCore(_ element: Element) {
        rxAbstractMethod()
    }

    /// Stops accepting events.
    @usableFromInline
    func dispose() {
        InlineAtomic.store(&stopped, true, ordering: .releasing)
    }
}

/// A terminal observer that calls a closure for each event the grammar allows.
///
/// `subscribe(onNext:onError:onCompleted:onDisposed:)` keeps its closures here directly rather
/// than in a stop-event closure that captures them: one allocation per subscription fewer.
/// `@usableFromInline` so that `subscribe(onNext:…)`, inlined into its caller, creates it with
/// the metadata from the caller's cache instead of a runtime lookup per subscription.
@usableFromInline
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    /// Gets every stop event when set (the event-closure form); otherwise the closures below do.
    private let eventHandler: EventHandler?
    /// Where elements go, without building an event.
    private let elementHandler: (Element) -> Void
    private let errorHandler: ((Swift.Error) -> Void)?
    private let completedHandler: (() -> Void)?
    /// Disposed after the stop event: `onDisposed`'s disposable, which `subscribe` also
    /// returns next to the subscription, or a shared no-op. Not optional: an optional
    /// existential is copied and destroyed through the runtime's generic value witnesses
    /// (about 120 instructions each time).
    @usableFromInline
    let stopDisposable: Disposable
    /// Where an error with no `errorHandler` is reported from.
    private let callSite: SubscriptionCallSite?

    /// An observer that passes every event to `eventHandler`.
    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        elementHandler = { eventHandler(.next($0)) }
        errorHandler = nil
        completedHandler = nil
        stopDisposable = NopDisposable.noOp
        callSite = nil
        super.init()
    }

    /// An observer for `subscribe`'s closures: elements go to `onNext` (if any), the error to
    /// `onError` (or, without one, to ``Hooks/defaultErrorHandler`` with `file:line` as the
    /// call site), the completion to `onCompleted`; after either stop event, a disposable that
    /// runs `onDisposed` is disposed (``stopDisposable``).
    @usableFromInline
    init(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?,
        file: StaticString,
        line: UInt
    ) {
        eventHandler = nil
        // Not `onNext ?? { _ in }`: through the generic `??`, a closure is re-abstracted
        // twice, two allocations per subscription.
        if let onNext {
            elementHandler = onNext
        } else {
            elementHandler = { _ in }
        }
        errorHandler = onError
        completedHandler = onCompleted
        if let onDisposed {
            stopDisposable = Disposables.create(with: onDisposed)
        } else {
            stopDisposable = NopDisposable.noOp
        }
        callSite = onError == nil ? SubscriptionCallSite(file: file, line: line) : nil
        super.init()
    }

    override func onCore(_ event: Event<Element>) {
        if let eventHandler {
            eventHandler(event)
            return
        }
        switch event {
        case .next:
            break  // Elements arrive through `onNextCore`.
        case .error(let error):
            handleError(error)
        case .completed:
            handleCompleted()
        }
    }

    override func onCompletedCore() {
        if let eventHandler {
            Self.deliverCompleted(to: eventHandler)
            return
        }
        handleCompleted()
    }

    override func onErrorCore(_ error: Swift.Error) {
        if let eventHandler {
            Self.deliverError(error, to: eventHandler)
            return
        }
        handleError(error)
    }

    /// Sends `.completed` to the event-closure form, out of line: inlined, the `Event`'s
    /// metadata was looked up on every completion, with or without an event closure (about
    /// 330 instructions per subscription).
    @inline(never)
    private static func deliverCompleted(to eventHandler: EventHandler) {
        eventHandler(.completed)
    }

    /// Sends `.error(error)` to the event-closure form, out of line for the same reason.
    @inline(never)
    private static func deliverError(_ error: Swift.Error, to eventHandler: EventHandler) {
        eventHandler(.error(error))
    }

    private func handleError(_ error: Swift.Error) {
        if let errorHandler {
            errorHandler(error)
        } else {
            callSite?.reportUnhandled(error)
        }
        stopDisposable.dispose()
    }

    private func handleCompleted() {
        completedHandler?()
        stopDisposable.dispose()
    }

    override func onNextCore(_ element: Element) {
        elementHandler(element)
    }
}
