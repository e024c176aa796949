/// A ``PublishSubject`` that only accepts elements: it never completes and never fails.
///
/// Observers receive the elements accepted after they subscribed. Because a relay cannot be
/// terminated, it suits sequences that live as long as their owner, such as user actions.
///
/// ```swift
/// let relay = PublishRelay<String>()
/// relay.accept("lost")                        // nobody is subscribed yet
/// let subscription = relay.subscribe(onNext: { print($0) })
/// relay.accept("1")                           // 1
/// subscription.dispose()
/// ```
///
/// Thread-safe like the subject it wraps; accept elements from one thread at a time.
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// Creates a relay with no observers.
    public init() {}

    /// Sends `event` to the subscribed observers.
    ///
    /// - Parameter event: The element to send.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer` to the elements accepted from now on.
    ///
    /// - Parameter observer: The observer.
    /// - Returns: A disposable that unsubscribes the observer.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// Presents the relay as an ``Observable`` of its elements.
    ///
    /// - Returns: The wrapped subject as an observable.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}

/// Sendable only when `Element` is, like the subject it wraps.
extension PublishRelay: Sendable where Element: Sendable {}
