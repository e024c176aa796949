/// The `.rx` namespace of a value: extend `Reactive` where `Base` is your type to add
/// reactive members without cluttering the type itself.
///
/// Any writable property of a class is reachable as a ``Binder`` through dynamic member
/// lookup, so a sequence can be bound to it directly:
///
/// ```swift
/// final class Label: ReactiveCompatible {
///     var text = ""
/// }
///
/// let label = Label()
/// let subscription = Observable.just("Hello")
///     .bind(to: label.rx.text)   // sets label.text on the main scheduler
/// ```
///
/// Custom members go in an extension:
///
/// ```swift
/// extension Reactive where Base: Label {
///     var shouted: Binder<String> {
///         Binder(base) { label, text in label.text = text.uppercased() }
///     }
/// }
/// ```
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The value the reactive members act on.
    public let base: Base

    /// Creates the namespace of `base`.
    ///
    /// - Parameter base: The value the reactive members act on.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that writes each element it receives to the property at `keyPath` of the
    /// base object, on the main scheduler; the object is held weakly.
    ///
    /// - Parameter keyPath: The writable property of the base object.
    /// - Returns: A binder to the property.
    public subscript<Property>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
    ) -> Binder<Property> where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}
