extension ObservableType {
    /// Returns a sequence with no elements that completes as soon as it is subscribed.
    ///
    /// ```swift
    /// _ = Observable<Void>.empty().subscribe(onCompleted: { print("Completed") })
    /// // Completed
    /// ```
    ///
    /// - Returns: A sequence that only completes.
    public static func empty() -> Observable<Element> {
        EmptyProducer()
    }
}

/// The observable behind ``ObservableType/empty()``: no sink, no trampoline.
private final class EmptyProducer<Element>: Producer<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        observer.on(.completed)
        return Disposables.create()
    }
}
