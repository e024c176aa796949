extension ObservableType where Element == Never {
    /// Views a sequence without elements as a ``Completable``.
    ///
    /// Any sequence becomes one through `ignoreElements()`, which already returns a
    /// ``Completable`` unless the context asks for an `Observable<Never>`:
    ///
    /// ```swift
    /// _ = Observable.of(1, 2).ignoreElements().asCompletable()
    ///     .subscribe(onCompleted: { print("done") })
    /// // done
    /// ```
    ///
    /// - Returns: A completable with the source's completion or error.
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: asObservable())
    }
}
