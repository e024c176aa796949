extension ObservableType {
    /// Views the sequence as a ``Single``: its only element, delivered when it completes.
    ///
    /// The element is held until the source completes, then sent as the success. A source
    /// that completes empty fails with ``RxError/noElements``; a second element fails at once
    /// with ``RxError/moreThanOneElement`` and disposes the source.
    ///
    /// ```swift
    /// _ = Observable.of(1, 2).asSingle().subscribe { print($0) }
    /// // failure(Sequence contains more than one element.)
    /// ```
    ///
    /// - Returns: A single of the source's only element.
    public func asSingle() -> Single<Element> {
        PrimitiveSequence(raw: OnlyElementProducer(source: asObservable(), emptyError: RxError.noElements))
    }
}
