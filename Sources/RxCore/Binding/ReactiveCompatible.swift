import Foundation

/// A type that has the `.rx` namespace: conform to it to reach the ``Reactive`` extensions
/// of your type through `value.rx` and `Type.rx`.
///
/// ```swift
/// final class Counter: ReactiveCompatible {
///     var count = 0
/// }
///
/// let counter = Counter()
/// _ = Observable.of(1, 2, 3).bind(to: counter.rx.count)
/// ```
///
/// Every `NSObject` subclass already conforms.
public protocol ReactiveCompatible {
    /// The type the namespace extends, normally the conforming type itself.
    associatedtype ReactiveBase

    /// The reactive namespace of the type, for static reactive members.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive namespace of this value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The reactive namespace of the type, for static reactive members.
    ///
    /// The setter does nothing: it only lets `rx` extensions declare mutating members.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}
    }

    /// The reactive namespace of this value.
    ///
    /// The setter does nothing: it only lets `rx` extensions declare mutating members.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}

extension NSObject: ReactiveCompatible {}

#if !canImport(ObjectiveC)
// Outside Apple platforms Foundation's NotificationCenter is not an NSObject; it gets the
// namespace here, next to the protocol, so that RxFoundation's `rx.notification` reaches it.
extension NotificationCenter: ReactiveCompatible {}
#endif
