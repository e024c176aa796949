/// A type that can present itself as an ``Observable``: observables, subjects, relays and traits.
public protocol ObservableConvertibleType {
    /// The type of the elements of the sequence.
    associatedtype Element

    /// The sequence this value represents.
    func asObservable() -> Observable<Element>
}
