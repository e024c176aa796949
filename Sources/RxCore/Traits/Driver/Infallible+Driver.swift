extension InfallibleType {
    /// Views the infallible as a ``Driver``; it cannot fail, so no fallback is needed.
    ///
    /// - Returns: A driver of the infallible's elements.
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
