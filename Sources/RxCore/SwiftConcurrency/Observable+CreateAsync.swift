@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ObservableConvertibleType {
    /// The closure through which the asynchronous `create` variants send elements.
    public typealias ElementObserver<Value> = (Value) -> Void
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ObservableType where Element: Sendable {
    /// Creates an observable from an asynchronous closure that runs in a new task for each
    /// subscription.
    ///
    /// The closure sends elements by calling the observer it receives, as often as it likes.
    /// When it returns, the sequence completes; when it throws, the sequence fails with that
    /// error. Disposing the subscription cancels the task: elements sent after that are
    /// dropped, and the closure should return soon (awaiting work that honours cancellation
    /// does so by itself).
    ///
    /// ```swift
    /// let pages = Observable<Page>.create { observer in
    ///     var next: URL? = firstPage
    ///     while let url = next {
    ///         let page = try await load(url)
    ///         observer(page)
    ///         next = page.next
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - priority: The priority of the task.
    ///   - work: The work of one subscription; it receives the observer for the elements.
    /// - Returns: An observable that runs `work` once per subscription.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping (_ observer: ElementObserver<Element>) async throws -> Void
    ) -> Observable<Element> {
        Observable.create { observer in
            // The task is the only sender of events for this subscription, so the grammar
            // still holds; a concurrent dispose is handled by the create sink.
            let target = Unchecked(observer)
            let operation: @Sendable () async -> Void = {
                let send: ElementObserver<Element> = { element in
                    guard !Task.isCancelled else { return }
                    target.value.onNext(element)
                }
                do {
                    try await work(send)
                    target.value.onCompleted()
                } catch {
                    target.value.onError(error)
                }
            }
            let task =
                detached
                ? Task.detached(priority: priority, operation: operation)
                : Task(priority: priority, operation: operation)
            return Disposables.create { task.cancel() }
        }
    }
}
