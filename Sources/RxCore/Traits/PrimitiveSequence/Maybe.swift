/// The marker of the ``Maybe`` trait: one success, a completion without element, or a failure.
public enum MaybeTrait {}

/// A sequence that delivers exactly one event: a success with an element, a completion
/// without one, or an error.
///
/// Seen as an observable, the success is `next(element)` followed at once by `completed`.
///
/// ```swift
/// let cached: Maybe<String> = .empty()
/// _ = cached.subscribe(onSuccess: { print($0) }, onCompleted: { print("nothing cached") })
/// // nothing cached
/// ```
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The one event of a ``Maybe``.
public enum MaybeEvent<Element> {
    /// The sequence produced its one element.
    case success(Element)

    /// The sequence failed.
    case error(Swift.Error)

    /// The sequence completed without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure through which a ``Maybe``'s `create` delivers its event.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// Creates a maybe from a closure that runs once per subscription.
    ///
    /// The closure receives an observer to call with `.success(element)`, `.completed` or
    /// `.error(error)` and returns a disposable that cancels whatever it started. Only the
    /// first call counts: later ones are ignored.
    ///
    /// - Parameter subscribe: The subscription logic.
    /// - Returns: A maybe that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure that receives the maybe's one event.
    ///
    /// - Parameters:
    ///   - observer: Called once, with `.success(element)`, `.completed` or
    ///   `.error(error)`.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ observer: @escaping (MaybeEvent<Element>) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribeFirstEvent(observer) { event -> MaybeEvent<Element>? in
                switch event {
                case .next(let element): .success(element)
                case .error(let error): .error(error)
                case .completed: .completed
                }
            }
        }
    }

    /// Subscribes closures for the success, the error, the completion and the disposal.
    ///
    /// `onDisposed` runs once when the subscription ends for any reason. An error with no
    /// `onError` goes to ``Hooks/defaultErrorHandler``.
    ///
    /// Disfavored, so that a bare trailing closure, `subscribe { event in ... }`, picks the
    /// event-closure `subscribe(_:)` as in RxSwift instead of being ambiguous with this one
    /// (both take `file:line:` defaults); labelled calls still reach it.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error.
    ///   - onCompleted: Called when the maybe completes without an element.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    @_disfavoredOverload
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribeHandlers(onDisposed: onDisposed, reportsUnhandledErrors: onError == nil, subscribe: { subscribe($0) }) {
                (event: MaybeEvent<Element>, callStack) in
                switch event {
                case .success(let element):
                    onSuccess?(element)
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
    ///   - onSuccess: Called with the object and the element.
    ///   - onError: Called with the object and the error.
    ///   - onCompleted: Called with the object when the maybe completes without an element.
    ///   - onDisposed: Called with the object once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        subscribe(
            onSuccess: weakHandler(object, onSuccess),
            onError: weakHandler(object, onError),
            onCompleted: weakHandler(object, onCompleted),
            onDisposed: weakHandler(object, onDisposed),
            file: file,
            line: line
        )
    }

    /// Returns a maybe that succeeds with `element` as soon as it is subscribed.
    ///
    /// - Parameter element: The element to deliver.
    /// - Returns: A maybe of `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.just(element))
    }

    /// Returns a maybe that succeeds with `element`, delivered through `scheduler`.
    ///
    /// - Parameters:
    ///   - element: The element to deliver.
    ///   - scheduler: Where the success is delivered.
    /// - Returns: A maybe of `element`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Returns a maybe that completes without an element as soon as it is subscribed.
    ///
    /// - Returns: An empty maybe.
    public static func empty() -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.empty())
    }
}
