// The typed `combineLatest` of SharedSequence for two or more sources of one sharing strategy
// (one definition, a parameter pack over the element types); it delegates to the observable
// front end and shares the result with the strategy.

extension SharedSequence {
    /// Combines the latest elements of two or more shared sequences through a result selector,
    /// whenever any of them sends one once all have.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - rest: Any further sources, subscribed after source2 in order.
    ///   - resultSelector: Makes the result from the latest element of each source.
    /// - Returns: The results, shared with the strategy every source shares.
    @inlinable
    public static func combineLatest<E1, E2, each Rest>(
        _ source1: SharedSequence<SharingStrategy, E1>,
        _ source2: SharedSequence<SharingStrategy, E2>,
        _ rest: repeat SharedSequence<SharingStrategy, each Rest>,
        resultSelector: @escaping (E1, E2, repeat each Rest) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            combining(
                zip: false, source1.asObservable(), source2.asObservable(), repeat (each rest).asObservable(),
                selector: resultSelector
            )
        )
    }
}
