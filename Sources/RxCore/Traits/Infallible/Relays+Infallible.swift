// Relays never fail, so each one can be viewed as an Infallible without a fallback.

extension PublishRelay {
    /// Views the relay as an ``Infallible`` of the elements accepted from now on.
    ///
    /// - Returns: An infallible of the relay's elements.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// Views the relay as an ``Infallible`` that starts with the current value.
    ///
    /// - Returns: An infallible of the relay's values.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// Views the relay as an ``Infallible`` that starts with the buffered elements.
    ///
    /// - Returns: An infallible of the relay's elements.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
