/// A sequence of the elements that share one key, as produced by
/// ``ObservableType/groupBy(keySelector:)``.
///
/// ```swift
/// _ = words.groupBy { $0.first }
///     .subscribe(onNext: { group in
///         _ = group.subscribe(onNext: { print("\(group.key): \($0)") })
///     })
/// ```
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key shared by every element of this group.
    public let key: Key

    private let source: Observable<Element>

    /// Creates a group from its key and the sequence of its elements.
    ///
    /// - Parameters:
    ///   - key: The key shared by the elements.
    ///   - source: The sequence of the elements.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the elements of the group.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The sequence of the elements of the group.
    public func asObservable() -> Observable<Element> {
        source
    }
}
