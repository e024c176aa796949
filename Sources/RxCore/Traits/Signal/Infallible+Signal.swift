extension InfallibleType {
    /// Views the infallible as a ``Signal``; it cannot fail, so no fallback is needed.
    ///
    /// - Returns: A signal of the infallible's elements.
    public func asSignal() -> Signal<Element> {
        SharedSequence(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
