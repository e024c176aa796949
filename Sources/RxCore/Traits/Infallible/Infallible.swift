/// A type that is, or can be viewed as, an ``Infallible``: a sequence that never fails.
public protocol InfallibleType: ObservableConvertibleType {}

/// An observable sequence that cannot fail: it delivers elements and at most a completion.
///
/// Only the factories, the operators on ``InfallibleType`` and the `asInfallible`
/// conversions make one, so no error can reach its subscribers.
///
/// ```swift
/// _ = Infallible.of(1, 2, 3)
///     .map { $0 * 10 }
///     .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
/// // 10
/// // 20
/// // 30
/// // done
/// ```
public struct Infallible<Element>: InfallibleType {
    private let source: Observable<Element>

    /// Wraps `source`, which the caller guarantees never fails.
    @usableFromInline
    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The underlying observable, with the full set of observable operators.
    public func asObservable() -> Observable<Element> {
        source
    }
}

/// An event of an ``Infallible``: an element or the completion.
public enum InfallibleEvent<Element> {
    /// The next element of the sequence.
    case next(Element)

    /// The sequence completed.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleType {
    /// Subscribes closures for the elements, the completion and the disposal.
    ///
    /// - Parameters:
    ///   - onNext: Called for each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onDisposed: Called once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
    }

    /// Subscribes a closure that receives every event as an ``InfallibleEvent``: `.next` or
    /// `.completed`, so a `switch` over it needs no `.error` case (RxSwift's signature).
    ///
    /// - Parameters:
    ///   - on: The closure called for each event.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ on: @escaping (InfallibleEvent<Element>) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        asObservable().subscribe(
            { event in
                switch event {
                case .next(let element): on(.next(element))
                case .completed: on(.completed)
                case .error: break  // an infallible never sends one
                }
            },
            file: file,
            line: line
        )
    }

    /// Subscribes a closure that receives every event as an ``Event`` (never an error).
    ///
    /// Kept for code that names `Event` in the closure; a closure that does not name its
    /// parameter's type gets the ``InfallibleEvent`` overload.
    ///
    /// - Parameters:
    ///   - on: The closure called for each event.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    @_disfavoredOverload
    public func subscribe(
        _ on: @escaping (Event<Element>) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        asObservable().subscribe(on, file: file, line: line)
    }

    /// Subscribes closures that receive `object` weakly: they run only while it is alive.
    ///
    /// - Parameters:
    ///   - object: The object passed to each closure, held weakly.
    ///   - onNext: Called with the object and each element.
    ///   - onCompleted: Called with the object on completion.
    ///   - onDisposed: Called with the object once the subscription is over.
    ///   - file: The file of the call, the allocation site of the subscription's resources;
    ///     leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Disposable {
        asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
    }
}
