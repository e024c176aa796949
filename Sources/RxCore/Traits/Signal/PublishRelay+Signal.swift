extension PublishRelay {
    /// Views the relay as a ``Signal`` of the elements accepted from now on.
    ///
    /// ```swift
    /// let taps = PublishRelay<Void>()
    /// let disposable = taps.asSignal().emit(onNext: { print("tapped") })
    /// ```
    ///
    /// - Returns: A signal of the relay's elements.
    public func asSignal() -> Signal<Element> {
        SharedSequence(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
