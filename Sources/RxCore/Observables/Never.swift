extension ObservableType {
    /// Returns a sequence that emits nothing and never terminates.
    ///
    /// Useful as an infinite duration (a window that never closes) or in tests. The
    /// subscription holds nothing, but it only ends when it is disposed.
    ///
    /// ```swift
    /// let subscription = Observable<Int>.never()
    ///     .subscribe(onNext: { print($0) }, onCompleted: { print("Completed") })
    /// // (nothing is printed)
    /// subscription.dispose()
    /// ```
    ///
    /// - Returns: A sequence without events.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

/// The observable behind ``ObservableType/never()``: no sink, no trampoline.
private final class NeverProducer<Element>: Producer<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        Disposables.create()
    }
}
