extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Combines each element with `object`, held weakly, through `resultSelector`; the signal
    /// completes at the first element that arrives after `object` is gone.
    ///
    /// As RxCocoa offers it for signals (events are not replayed, so the object cannot end up
    /// in a replay buffer).
    ///
    /// ```swift
    /// saveTaps.withUnretained(self) { screen, _ in screen.draft }
    ///     .emit(onNext: { store.save($0) })
    ///     .disposed(by: bag)
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object to combine with each element, held weakly.
    ///   - resultSelector: Combines the object and an element.
    /// - Returns: A signal of the combined results.
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Signal<Out> {
        Signal(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Pairs each element with `object`, held weakly; the signal completes at the first element
    /// that arrives after `object` is gone.
    ///
    /// - Parameter object: The object to pair with each element, held weakly.
    /// - Returns: A signal of `(object, element)` pairs.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Signal<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Not offered for drivers, as in RxCocoa: a driver replays its latest element, and the
    /// replay would hold the object. Use `drive(with:onNext:)`.
    @available(
        *, unavailable,
        message: "withUnretained is not offered for Driver (its replay would hold the object): use drive(with:onNext:)"
    )
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Driver<Out> {
        Driver(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Not offered for drivers, as in RxCocoa: a driver replays its latest element, and the
    /// replay would hold the object. Use `drive(with:onNext:)`.
    @available(
        *, unavailable,
        message: "withUnretained is not offered for Driver (its replay would hold the object): use drive(with:onNext:)"
    )
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Driver<(Object, Element)> {
        Driver(asObservable().withUnretained(object) { ($0, $1) })
    }
}
