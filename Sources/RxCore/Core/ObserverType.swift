/// A consumer of events: what `subscribe` connects a sequence to.
///
/// Conforming types receive events one at a time, never concurrently, and never after a stop
/// event (the sequence grammar). Implementations should not assume more than that.
public protocol ObserverType {
    /// The type of the elements this observer receives.
    associatedtype Element

    /// Delivers one event to the observer.
    ///
    /// - Parameter event: The next element, the error or the completion.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Delivers `.next(element)`.
    @inlinable
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Delivers `.completed`.
    @inlinable
    public func onCompleted() {
        on(.completed)
    }

    /// Delivers `.error(error)`.
    @inlinable
    public func onError(_ error: Swift.Error) {
        on(.error(error))
    }
}
