// `from(_:onError…:)`: a driver from one asynchronous closure, under the names RxCocoa gives
// it. Each subscription runs the closure in a new task; disposing it cancels the task.

extension SharedSequence where SharingStrategy == DriverSharingStrategy, Element: Sendable {
    /// Creates a driver that sends the value an asynchronous closure returns, and
    /// `onErrorJustReturn` in place of the error it throws, then completes.
    ///
    /// ```swift
    /// let profile = Driver.from({ try await api.profile() }, onErrorJustReturn: .guest)
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    ///   - onErrorJustReturn: The element sent when the closure throws.
    /// - Returns: A driver of the closure's result.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Element,
        onErrorJustReturn: Element
    ) -> Driver<Element> {
        Single.from(priority: priority, detached: detached, block).asDriver(onErrorJustReturn: onErrorJustReturn)
    }

    /// Creates a driver that sends the value an asynchronous closure returns, and continues
    /// with `onErrorDriveWith` when the closure throws.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    ///   - onErrorDriveWith: The driver to continue with after an error.
    /// - Returns: A driver of the closure's result, or the fallback's elements.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Element,
        onErrorDriveWith: Driver<Element>
    ) -> Driver<Element> {
        Single.from(priority: priority, detached: detached, block).asDriver(onErrorDriveWith: onErrorDriveWith)
    }

    /// Creates a driver that sends the value an asynchronous closure returns, and continues
    /// with the driver `onErrorRecover` makes from the error the closure throws.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    ///   - onErrorRecover: Makes the driver to continue with from the error.
    /// - Returns: A driver of the closure's result, or the recovery's elements.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async throws -> Element,
        onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>
    ) -> Driver<Element> {
        Single.from(priority: priority, detached: detached, block).asDriver(onErrorRecover: onErrorRecover)
    }
}
