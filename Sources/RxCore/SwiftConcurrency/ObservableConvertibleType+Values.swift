@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ObservableConvertibleType where Element: Sendable {
    /// The elements of this sequence as an asynchronous sequence, for `for try await` loops.
    ///
    /// Reading the property subscribes at once. Elements wait in an unbounded buffer until the
    /// loop takes them; the completion ends the loop and an error is thrown from it. When the
    /// task running the loop is cancelled, the subscription is disposed and the loop throws
    /// `CancellationError` (as RxSwift's does: a cancelled loop is not a finished sequence);
    /// a stream dropped without being read to its end also disposes the subscription.
    ///
    /// ```swift
    /// for try await value in Observable.of(1, 2, 3).values {
    ///     print(value)
    /// }
    /// // 1
    /// // 2
    /// // 3
    /// ```
    ///
    /// A sequence that never completes keeps the loop waiting until its task is cancelled.
    /// The elements cross from the thread that produces them to the consuming task, so they
    /// must be `Sendable`.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        AsyncThrowingStream(Element.self, bufferingPolicy: .unbounded) { continuation in
            let subscription = SingleAssignmentDisposable()
            // Installed before subscribing: a source that terminates during `subscribe` then
            // finds the handler in place, and a dispose that comes first is kept for later.
            continuation.onTermination = { termination in
                // The stream runs this before it finishes itself on cancellation, so the
                // error is what the pending (or next) iteration sees.
                if case .cancelled = termination {
                    continuation.finish(throwing: CancellationError())
                }
                subscription.dispose()
            }
            subscription.setDisposable(asObservable().subscribe(ThrowingStreamObserver(continuation: continuation)))
        }
    }
}

/// Feeds the events of a subscription into an `AsyncThrowingStream`.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
struct ThrowingStreamObserver<Element: Sendable>: ObserverType {
    let continuation: AsyncThrowingStream<Element, Swift.Error>.Continuation

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            continuation.yield(element)
        case .error(let error):
            continuation.finish(throwing: error)
        case .completed:
            continuation.finish()
        }
    }
}
