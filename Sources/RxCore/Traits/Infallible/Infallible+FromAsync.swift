extension InfallibleType where Element: Sendable {
    /// Creates an infallible from an asynchronous closure that cannot fail: it sends the value
    /// the closure returns, then completes. Each subscription runs the closure in a new task;
    /// disposing the subscription cancels the task. RxSwift's name for this conversion.
    ///
    /// ```swift
    /// let greeting = Infallible.from { await greeter.greeting() }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    /// - Returns: An infallible of the closure's value.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () async -> Element
    ) -> Infallible<Element> {
        create(detached: detached, priority: priority) { observer in observer(await block()) }
    }

    /// Creates an infallible from a synchronous closure, run in a new task per subscription
    /// as the asynchronous form runs it (RxSwift takes such a closure as an `async` one).
    ///
    /// Without this form, `Infallible.from { "Hello" }` would be read as
    /// ``from(optional:)`` wrapping the closure itself: Swift ranks matching the trailing
    /// closure to `optional:` above converting it to an `async` closure.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task (RxSwift's parameter); `nil` leaves it to `Task`.
    ///   - detached: Whether the task is detached (`Task.detached`) rather than a plain `Task`.
    ///   - block: The work of one subscription.
    /// - Returns: An infallible of the closure's value.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @Sendable @escaping () -> Element
    ) -> Infallible<Element> {
        from(priority: priority, detached: detached) { () async -> Element in block() }
    }
}
