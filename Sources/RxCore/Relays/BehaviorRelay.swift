/// A ``BehaviorSubject`` that only accepts elements: it holds a current value, never completes
/// and never fails.
///
/// New observers receive the current value at once, then the elements accepted after it;
/// ``value`` reads the current value at any time.
///
/// ```swift
/// let relay = BehaviorRelay(value: "Initial value")
/// relay.accept("New initial value")
/// let subscription = relay.subscribe(onNext: { print($0) })   // New initial value
/// relay.accept("1")                                           // 1
/// print(relay.value)                                          // 1
/// subscription.dispose()
/// ```
///
/// Thread-safe like the subject it wraps; accept elements from one thread at a time.
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>

    /// Creates a relay whose current value is `value`.
    ///
    /// - Parameter value: The value sent to observers until another element is accepted.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value: the initial value or the last element accepted.
    public var value: Element {
        subject.currentElement
    }

    /// Makes `event` the current value and sends it to the subscribed observers.
    ///
    /// - Parameter event: The element to send.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the current value at once, then the elements
    /// accepted from now on.
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
extension BehaviorRelay: Sendable where Element: Sendable {}
