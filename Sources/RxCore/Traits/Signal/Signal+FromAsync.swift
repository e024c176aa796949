// `from(_:onError…:)`: a signal from one asynchronous closure, under the names RxCocoa gives
// it. Each subscription runs the closure in a new task; disposing it cancels the task.

extension SharedSequence where SharingStrategy == SignalSharingStrategy, Element: Sendable {
    /// Creates a signal that sends the value an asynchronous closure returns, and
    /// `onErrorJustReturn` in place of the error it throws, then completes.
    ///
    /// ```swift
    /// let saved = Signal.from({ try await store.save() }, onErrorJustReturn: false)
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    ///   - onErrorJustReturn: The element sent when the closure throws.
    /// - Returns: A signal of the closure's result.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Element,
        onErrorJustReturn: Element
    ) -> Signal<Element> {
        Single.from(priority: priority, detached: detached, block).asSignal(onErrorJustReturn: onErrorJustReturn)
    }

    /// Creates a signal that sends the value an asynchronous closure returns, and continues
    /// with `onErrorSignalWith` when the closure throws.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    ///   - onErrorSignalWith: The signal to continue with after an error.
    /// - Returns: A signal of the closure's result, or the fallback's elements.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Element,
        onErrorSignalWith: Signal<Element>
    ) -> Signal<Element> {
        Single.from(priority: priority, detached: detached, block).asSignal(onErrorSignalWith: onErrorSignalWith)
    }

    /// Creates a signal that sends the value an asynchronous closure returns, and continues
    /// with the signal `onErrorRecover` makes from the error the closure throws.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    ///   - onErrorRecover: Makes the signal to continue with from the error.
    /// - Returns: A signal of the closure's result, or the recovery's elements.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Element,
        onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>
    ) -> Signal<Element> {
        Single.from(priority: priority, detached: detached, block).asSignal(onErrorRecover: onErrorRecover)
    }
}
