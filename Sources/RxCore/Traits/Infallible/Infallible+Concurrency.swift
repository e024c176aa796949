@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension InfallibleType where Element: Sendable {
    /// The elements of this sequence as an asynchronous sequence, for `for await` loops that
    /// cannot throw.
    ///
    /// Reading the property subscribes at once. Elements wait in an unbounded buffer until the
    /// loop takes them, and the completion ends the loop. When the task running the loop is
    /// cancelled, or the stream is dropped, the subscription is disposed.
    ///
    /// ```swift
    /// for await value in Infallible.of(1, 2).values {
    ///     print(value)
    /// }
    /// // 1
    /// // 2
    /// ```
    public var values: AsyncStream<Element> {
        AsyncStream(Element.self, bufferingPolicy: .unbounded) { continuation in
            let subscription = SingleAssignmentDisposable()
            continuation.onTermination = { _ in
                subscription.dispose()
            }
            subscription.setDisposable(asObservable().subscribe(StreamObserver(continuation: continuation)))
        }
    }

    /// Creates an infallible from an asynchronous closure that runs in a new task for each
    /// subscription.
    ///
    /// The closure sends elements by calling the observer it receives; when it returns, the
    /// sequence completes. Disposing the subscription cancels the task: elements sent after
    /// that are dropped.
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - priority: The priority of the task.
    ///   - work: The work of one subscription; it receives the observer for the elements.
    /// - Returns: An infallible that runs `work` once per subscription.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping (_ observer: ElementObserver<Element>) async -> Void
    ) -> Infallible<Element> {
        Infallible(Observable.create(detached: detached, priority: priority) { observer in await work(observer) })
    }
}

/// Feeds the events of a subscription that cannot fail into an `AsyncStream`.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
struct StreamObserver<Element: Sendable>: ObserverType {
    let continuation: AsyncStream<Element>.Continuation

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            continuation.yield(element)
        case .error, .completed:
            // An infallible never fails; should one break that promise, the loop just ends.
            continuation.finish()
        }
    }
}
