/// A type-erased observer: forwards every event to a wrapped observer or closure.
///
/// ```swift
/// let observer = AnyObserver<Int> { event in print(event) }
/// observer.onNext(1)   // next(1)
/// ```
public struct AnyObserver<Element>: ObserverType {
    /// The signature of the closure that receives the events.
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline
    let observer: EventHandler

    /// Creates an observer that calls `eventHandler` for every event.
    ///
    /// - Parameter eventHandler: The closure that receives the events.
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    /// Wraps `observer`, forwarding every event to it.
    ///
    /// - Parameter observer: The observer to erase.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    /// Forwards `event` to the wrapped observer.
    @inlinable
    public func on(_ event: Event<Element>) {
        observer(event)
    }

    /// Returns the observer itself.
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}

extension ObserverType {
    /// Erases the type of this observer.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// Returns an observer that transforms elements with `transform` before forwarding them here.
    ///
    /// A throwing `transform` turns the event into an error for this observer.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in
            self.on(event.map(transform))
        }
    }
}
