extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of the most recent inner sequence only: each new inner sequence is
    /// subscribed at once and the previous one is disposed.
    ///
    /// The result completes when this sequence has completed and the current inner sequence
    /// (if any) has completed too. An error from this sequence or from the current inner
    /// sequence goes downstream at once and disposes everything; events of inner sequences
    /// already replaced are ignored.
    ///
    /// ```swift
    /// let searches = PublishSubject<Observable<String>>()
    /// _ = searches.switchLatest().subscribe(onNext: { print($0) })
    /// searches.onNext(Observable.just("first"))
    /// searches.onNext(Observable.just("second"))
    /// // first
    /// // second
    /// ```
    ///
    /// - Returns: The elements of the latest inner sequence.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchLatestProducer(source: asObservable())
    }
}

/// The observable behind ``ObservableType/switchLatest()``: `flatMapLatest` with the identity
/// selector.
private final class SwitchLatestProducer<Source: ObservableConvertibleType>: FlatMapLatestProducer<Source, Source> {
    init(source: Observable<Source>) {
        super.init(source: source, selector: { $0 })
    }
}
