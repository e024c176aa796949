extension SharedSequence where Element: Sendable {
    /// The elements of this driver or signal as an asynchronous sequence, for `for await`
    /// loops that cannot throw: a shared sequence never fails (RxCocoa's `values`).
    ///
    /// Reading the property subscribes at once. Elements wait in an unbounded buffer until the
    /// loop takes them, and the completion ends the loop. When the task running the loop is
    /// cancelled, or the stream is dropped, the subscription is disposed.
    ///
    /// ```swift
    /// for await query in searchField.text.asDriver().values {
    ///     print(query)
    /// }
    /// ```
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public var values: AsyncStream<Element> {
        AsyncStream(Element.self, bufferingPolicy: .unbounded) { continuation in
            let subscription = SingleAssignmentDisposable()
            continuation.onTermination = { _ in
                subscription.dispose()
            }
            subscription.setDisposable(asObservable().subscribe(StreamObserver(continuation: continuation)))
        }
    }
}
