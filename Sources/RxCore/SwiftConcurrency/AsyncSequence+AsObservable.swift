@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Presents this asynchronous sequence as an ``Observable`` of its elements.
    ///
    /// Each subscription iterates the sequence in a new task: every element is sent as
    /// `next`, the end of the sequence as `completed` and a thrown error as `error` (a
    /// `CancellationError` counts as the end of the sequence). Disposing the subscription
    /// cancels the task, which ends the iteration at the sequence's next suspension point.
    ///
    /// ```swift
    /// let stream = AsyncStream<Int> { continuation in
    ///     continuation.yield(1)
    ///     continuation.yield(2)
    ///     continuation.finish()
    /// }
    /// _ = stream.asObservable().subscribe(onNext: { print($0) }, onCompleted: { print("done") })
    /// // 1
    /// // 2
    /// // done
    /// ```
    ///
    /// - Parameters:
    ///   - detached: Whether each iteration runs in a detached task rather than one that
    ///     inherits the subscriber's task-local values and priority.
    ///   - priority: The priority of the iterating task (RxSwift 6.7's `asObservable(priority:)`);
    ///     `nil` keeps the default.
    /// - Returns: An observable that iterates the sequence once per subscription.
    public func asObservable(detached: Bool = false, priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create(detached: detached, priority: priority) { observer in
            do {
                for try await element in self {
                    observer(element)
                }
            } catch is CancellationError {
                // The iteration was cancelled: end the sequence normally.
            }
        }
    }
}
