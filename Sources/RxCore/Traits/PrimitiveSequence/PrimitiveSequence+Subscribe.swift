extension PrimitiveSequenceType {
    /// Subscribes `observer` to the sequence's first event only, as `convert` turns it into the
    /// trait's event; `nil` from `convert` delivers nothing. Shared by the `subscribe(_:)` of
    /// `Single`, `Maybe` and `Completable`, which differ only in that conversion.
    func subscribeFirstEvent<TraitEvent>(
        _ observer: @escaping (TraitEvent) -> Void,
        converting convert: @escaping (Event<Element>) -> TraitEvent?
    ) -> Disposable {
        var stopped = false
        return primitiveSequence.asObservable().subscribe { event in
            if stopped { return }
            stopped = true
            if let traitEvent = convert(event) {
                observer(traitEvent)
            }
        }
    }

    /// The body shared by the traits' closure subscriptions (`onSuccess:`, `onCompleted:`, ...):
    /// `handle` receives the one event and, for an unhandled error, the call stack to report
    /// it with; `onDisposed` runs once the subscription is over, for any reason.
    ///
    /// - Parameters:
    ///   - onDisposed: The user's disposal closure.
    ///   - reportsUnhandledErrors: Whether the user gave no error closure, so that an error
    ///     goes to ``Hooks/defaultErrorHandler`` (the call stack is captured only then).
    ///   - subscribe: The trait's `subscribe(_:)`.
    ///   - handle: Dispatches the event to the user's closures.
    func subscribeHandlers<TraitEvent>(
        onDisposed: (() -> Void)?,
        reportsUnhandledErrors: Bool,
        subscribe: (@escaping (TraitEvent) -> Void) -> Disposable,
        handle: @escaping (_ event: TraitEvent, _ unhandledErrorStack: [String]) -> Void
    ) -> Disposable {
        let disposable: Disposable = onDisposed.map { Disposables.create(with: $0) } ?? Disposables.create()
        let callStack = reportsUnhandledErrors ? Hooks.subscriptionCallStack() : []
        let subscription = subscribe { event in
            handle(event, callStack)
            disposable.dispose()
        }
        return Disposables.create(subscription, disposable)
    }

    /// Hands `error` to the user's error closure, or when there is none to
    /// ``Hooks/defaultErrorHandler`` with the call stack that `subscribeHandlers` captured: the
    /// error case of every trait's `handle`.
    ///
    /// Static on purpose: `handle` lives as long as the subscription, and an instance method
    /// called from it would capture the trait, keeping the whole source alive while the
    /// subscription runs (and, with a `create` closure that stores its observer, after it).
    ///
    /// - Parameters:
    ///   - error: The error the sequence failed with.
    ///   - onError: The user's error closure, if any.
    ///   - callStack: The call stack of the subscription, for an unhandled error.
    static func handleError(_ error: Swift.Error, with onError: ((Swift.Error) -> Void)?, callStack: [String]) {
        if let onError {
            onError(error)
        } else {
            Hooks.defaultErrorHandler(callStack, error)
        }
    }
}
