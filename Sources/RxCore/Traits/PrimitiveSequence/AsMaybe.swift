extension ObservableType {
    /// Views the sequence as a ``Maybe``: its only element if any, delivered when it completes.
    ///
    /// The element is held until the source completes, then sent as the success; a source
    /// that completes empty completes the maybe. A second element fails at once with
    /// ``RxError/moreThanOneElement`` and disposes the source.
    ///
    /// ```swift
    /// _ = Observable<Int>.empty().asMaybe().subscribe { print($0) }
    /// // completed
    /// ```
    ///
    /// - Returns: A maybe of the source's element.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: OnlyElementProducer(source: asObservable(), emptyError: nil))
    }
}
