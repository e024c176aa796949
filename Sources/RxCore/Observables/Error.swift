extension ObservableType {
    /// Returns a sequence that fails with `error` as soon as it is subscribed.
    ///
    /// ```swift
    /// enum MyError: Error { case anError }
    /// _ = Observable<Int>.error(MyError.anError).subscribe(onError: { print($0) })
    /// // anError
    /// ```
    ///
    /// - Parameter error: The error the sequence terminates with.
    /// - Returns: A sequence that only fails.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorProducer(error: error)
    }
}

/// The observable behind ``ObservableType/error(_:)``: no sink, no trampoline.
private final class ErrorProducer<Element>: Producer<Element> {
    private let error: Swift.Error

    init(error: Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        observer.on(.error(error))
        return Disposables.create()
    }
}
