/// A ``ReplaySubject`` that only accepts elements: it replays its buffer to new observers,
/// never completes and never fails.
///
/// ```swift
/// let relay = ReplayRelay<Int>.create(bufferSize: 2)
/// relay.accept(1)
/// relay.accept(2)
/// relay.accept(3)
/// let subscription = relay.subscribe(onNext: { print($0) })
/// // 2
/// // 3
/// subscription.dispose()
/// ```
///
/// Thread-safe like the subject it wraps; accept elements from one thread at a time.
public final class ReplayRelay<Element>: ObservableType {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// Creates a relay that replays the last `bufferSize` elements to new observers.
    ///
    /// - Parameter bufferSize: How many elements to keep; `0` (or less) keeps none.
    /// - Returns: The relay.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.create(bufferSize: bufferSize))
    }

    /// Creates a relay that replays every element it ever accepted to new observers.
    ///
    /// - Returns: The relay.
    public static func createUnbounded() -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.createUnbounded())
    }

    /// The same as ``createUnbounded()``, under the name RxRelay gives it, so RxRelay code
    /// compiles unchanged.
    ///
    /// - Returns: The relay.
    public static func createUnbound() -> ReplayRelay<Element> {
        createUnbounded()
    }

    /// Adds `event` to the buffer and sends it to the subscribed observers.
    ///
    /// - Parameter event: The element to send.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the buffered elements at once, then the elements
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
extension ReplayRelay: Sendable where Element: Sendable {}
