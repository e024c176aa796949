/// The marker of the ``Completable`` trait: one completion or one error, never an element.
public enum CompletableTrait {}

/// A sequence that delivers no element, only one completion or one error.
///
/// Suits work whose only outcome is success or failure, such as writing a file.
///
/// ```swift
/// let save: Completable = .empty()
/// _ = save.subscribe(onCompleted: { print("saved") })
/// // saved
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// The one event of a ``Completable``.
public enum CompletableEvent {
    /// The sequence failed.
    case error(Swift.Error)

    /// The sequence completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// The closure through which a ``Completable``'s `create` delivers its event.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// Creates a completable from a closure that runs once per subscription.
    ///
    /// The closure receives an observer to call with `.completed` or `.error(error)` and
    /// returns a disposable that cancels whatever it started. Only the first call counts.
    ///
    /// - Parameter subscribe: The subscription logic.
    /// - Returns: A completable that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable {
        let source = Observable<Never>.create { observer in
            subscribe { event in
                switch event {
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure that receives the completable's one event.
    ///
    /// - Parameters:
    ///   - observer: Called once, with `.completed` or `.error(error)`.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribeFirstEvent(observer) { event -> CompletableEvent? in
                switch event {
                case .error(let error): .error(error)
                case .completed: .completed
                }
            }
        }
    }

    /// Subscribes closures for the completion, the error and the disposal.
    ///
    /// `onDisposed` runs once when the subscription ends for any reason. An error with no
    /// `onError` goes to ``Hooks/defaultErrorHandler``.
    ///
    /// Disfavored, so that a bare trailing closure, `subscribe { event in ... }`, picks the
    /// event-closure `subscribe(_:)` as in RxSwift instead of being ambiguous with this one
    /// (both take `file:line:` defaults); labelled calls still reach it.
    ///
    /// - Parameters:
    ///   - onCompleted: Called when the completable completes.
    ///   - onError: Called with the error.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    @_disfavoredOverload
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribeHandlers(onDisposed: onDisposed, reportsUnhandledErrors: onError == nil, subscribe: { subscribe($0) }) {
                (event: CompletableEvent, callStack) in
                switch event {
                case .error(let error):
                    Self.handleError(error, with: onError, callStack: callStack)
                case .completed:
                    onCompleted?()
                }
            }
        }
    }

    /// Subscribes closures that receive `object` weakly: they run only while it is alive.
    ///
    /// - Parameters:
    ///   - object: The object passed to each closure, held weakly.
    ///   - onCompleted: Called with the object when the completable completes.
    ///   - onError: Called with the object and the error.
    ///   - onDisposed: Called with the object once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        subscribe(
            onCompleted: weakHandler(object, onCompleted),
            onError: weakHandler(object, onError),
            onDisposed: weakHandler(object, onDisposed),
            file: file,
            line: line
        )
    }

    /// Returns a completable that completes as soon as it is subscribed.
    ///
    /// - Returns: A completable that only completes.
    public static func empty() -> Completable {
        PrimitiveSequence(raw: Observable.empty())
    }
}
