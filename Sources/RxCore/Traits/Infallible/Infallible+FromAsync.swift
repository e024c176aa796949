extension InfallibleType where Element: Sendable {
    /// Creates an infallible from an asynchronous closure that cannot fail: it sends the value
    /// the closure returns, then completes. Each subscription runs the closure in a new task;
    /// disposing the subscription cancels the task. RxSwift's name for this conversion.
    ///
    /// ```swift
    /// let greeting = Infallible.from { await greeter.greeting() }
    /// ```
    ///
    /// - Parameter block: The work of one subscription.
    /// - Returns: An infallible of the closure's value.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    public static func from(_ block: @Sendable @escaping () async -> Element) -> Infallible<Element> {
        create { observer in observer(await block()) }
    }
}
