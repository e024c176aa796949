extension BehaviorRelay {
    /// Views the relay as a ``Driver`` of its values, starting with the current one.
    ///
    /// The relay cannot fail, so no fallback is needed.
    ///
    /// ```swift
    /// let name = BehaviorRelay(value: "")
    /// let greeting: Driver<String> = name.asDriver().map { "Hello, \($0)" }
    /// ```
    ///
    /// - Returns: A driver of the relay's values.
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
