extension ObservableConvertibleType {
    /// Views the sequence as an ``Infallible`` that sends `element` and completes in place of
    /// an error.
    ///
    /// ```swift
    /// _ = Observable<Int>.error(CocoaError(.fileNoSuchFile))
    ///     .asInfallible(onErrorJustReturn: -1)
    ///     .subscribe(onNext: { print($0) })
    /// // -1
    /// ```
    ///
    /// - Parameter element: The element sent after an error.
    /// - Returns: An infallible of the source's elements.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// Views the sequence as an ``Infallible`` that continues with `infallible` in place of
    /// an error.
    ///
    /// - Parameter infallible: The sequence to switch to after an error.
    /// - Returns: An infallible of the source's elements, then the fallback's.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// Views the sequence as an ``Infallible`` that continues with the sequence
    /// `onErrorRecover` makes from the error.
    ///
    /// - Parameter onErrorRecover: Makes the sequence to switch to from the error.
    /// - Returns: An infallible of the source's elements, then the recovery's.
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
    }
}
