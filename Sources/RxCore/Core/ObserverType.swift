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

    /// Delivers `.next(element)` without building the event: the core's per-element fast
    /// path. Not for your own types: the default calls ``on(_:)``, which is always right.
    ///
    /// The core's observers implement it so that an element crosses an operator without the
    /// run-time type lookup that building or matching an `Event` costs in generic code (about
    /// 20 ns each); an implementation must behave exactly as `on(.next(element))`.
    func _onNext(_ element: Element)

    /// Delivers `.completed` without building the event: the stop-event half of the fast path.
    /// Not for your own types: the default calls ``on(_:)``, which is always right.
    ///
    /// Every subscription ends with one stop event; matching it in generic code costs the
    /// same run-time type lookup as an element. An implementation must behave exactly as
    /// `on(.completed)`.
    func _onCompleted()

    /// Delivers `.error(error)` without building the event. Not for your own types: the
    /// default calls ``on(_:)``. An implementation must behave exactly as `on(.error(error))`.
    func _onError(_ error: Swift.Error)
}

extension ObserverType {
    /// Delivers `.next(element)` through ``on(_:)``.
    @inlinable
    public func _onNext(_ element: Element) {
        on(.next(element))
    }

    /// Delivers `.completed` through ``on(_:)``.
    @inlinable
    public func _onCompleted() {
        on(.completed)
    }

    /// Delivers `.error(error)` through ``on(_:)``.
    @inlinable
    public func _onError(_ error: Swift.Error) {
        on(.error(error))
    }

    /// Delivers `.next(element)`.
    @inlinable
    public func onNext(_ element: Element) {
        _onNext(element)
    }

    /// Delivers `.completed`.
    @inlinable
    public func onCompleted() {
        _onCompleted()
    }

    /// Delivers `.error(error)`.
    @inlinable
    public func onError(_ error: Swift.Error) {
        _onError(error)
    }
}
