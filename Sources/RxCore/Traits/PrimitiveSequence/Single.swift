/// The marker of the ``Single`` trait: exactly one success or one failure.
public enum SingleTrait {}

/// A sequence that delivers exactly one event: a success with an element, or a failure.
///
/// Suits one-shot work that yields a value, such as loading a file or a network request.
/// Seen as an observable, the success is `next(element)` followed at once by `completed`.
///
/// ```swift
/// func loadText(from path: String) -> Single<String> {
///     Single.create { single in
///         if let text = try? String(contentsOfFile: path, encoding: .utf8) {
///             single(.success(text))
///         } else {
///             single(.failure(CocoaError(.fileReadUnknown)))
///         }
///         return Disposables.create()
///     }
/// }
/// ```
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The one event of a ``Single``: `.success(element)` or `.failure(error)`.
///
/// As in RxSwift 6 this is Swift's `Result`, so `.failure` replaces the older `.error`.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure through which a ``Single``'s `create` delivers its event.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// Creates a single from a closure that runs once per subscription.
    ///
    /// The closure receives an observer to call with `.success(element)` or
    /// `.failure(error)` and returns a disposable that cancels whatever it started. Only the
    /// first call counts: later ones are ignored.
    ///
    /// - Parameter subscribe: The subscription logic.
    /// - Returns: A single that runs `subscribe` for each subscriber.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure that receives the single's one event.
    ///
    /// - Parameters:
    ///   - observer: Called once, with `.success(element)` or `.failure(error)`.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribeFirstEvent(observer) { event -> SingleEvent<Element>? in
                switch event {
                case .next(let element):
                    return .success(element)
                case .error(let error):
                    return .failure(error)
                case .completed:
                    assertionFailure("A Single completed without an element")
                    return nil
                }
            }
        }
    }

    /// Subscribes closures for the success, the failure and the disposal.
    ///
    /// `onDisposed` runs once when the subscription ends for any reason. A failure with no
    /// `onFailure` goes to ``Hooks/defaultErrorHandler``.
    ///
    /// ```swift
    /// _ = Single.just(1).subscribe(onSuccess: { print($0) }, onDisposed: { print("disposed") })
    /// // 1
    /// // disposed
    /// ```
    ///
    /// Disfavored, so that a bare trailing closure, `subscribe { event in ... }`, picks the
    /// event-closure `subscribe(_:)` as in RxSwift instead of being ambiguous with this one
    /// (both take `file:line:` defaults); labelled calls still reach it.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onFailure: Called with the error.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    @_disfavoredOverload
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        ResourceSites.withSubscriptionSite(file: file, line: line, tookClosure: true) {
            subscribeHandlers(onDisposed: onDisposed, reportsUnhandledErrors: onFailure == nil, subscribe: { subscribe($0) }) {
                (event: SingleEvent<Element>, callStack) in
                switch event {
                case .success(let element):
                    onSuccess?(element)
                case .failure(let error):
                    Self.handleError(error, with: onFailure, callStack: callStack)
                }
            }
        }
    }

    /// Subscribes closures for the success, the error and the disposal (RxSwift 5 spelling).
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onError: Called with the error.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    @_disfavoredOverload
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping (Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed, file: file, line: line)
    }

    /// Subscribes closures that receive `object` weakly: they run only while it is alive.
    ///
    /// - Parameters:
    ///   - object: The object passed to each closure, held weakly.
    ///   - onSuccess: Called with the object and the element.
    ///   - onFailure: Called with the object and the error.
    ///   - onDisposed: Called with the object once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        subscribe(
            onSuccess: weakHandler(object, onSuccess),
            onFailure: weakHandler(object, onFailure),
            onDisposed: weakHandler(object, onDisposed),
            file: file,
            line: line
        )
    }

    /// Returns a single that succeeds with `element` as soon as it is subscribed.
    ///
    /// - Parameter element: The element to deliver.
    /// - Returns: A single of `element`.
    public static func just(_ element: Element) -> Single<Element> {
        PrimitiveSequence(raw: Observable.just(element))
    }

    /// Returns a single that succeeds with `element`, delivered through `scheduler`.
    ///
    /// - Parameters:
    ///   - element: The element to deliver.
    ///   - scheduler: Where the success is delivered.
    /// - Returns: A single of `element`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler))
    }
}
