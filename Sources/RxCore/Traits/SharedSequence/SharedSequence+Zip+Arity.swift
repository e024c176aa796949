// The typed `zip` of SharedSequence for two or more sources of one sharing strategy (one
// definition, a parameter pack over the element types); it delegates to the observable front
// end and shares the result with the strategy.

extension SharedSequence {
    /// Combines the elements of two or more shared sequences by position through a result
    /// selector: the n-th result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - rest: Any further sources, subscribed after source2 in order.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: The results, shared with the strategy every source shares.
    @inlinable
    public static func zip<E1, E2, each Rest>(
        _ source1: SharedSequence<SharingStrategy, E1>,
        _ source2: SharedSequence<SharingStrategy, E2>,
        _ rest: repeat SharedSequence<SharingStrategy, each Rest>,
        resultSelector: @escaping (E1, E2, repeat each Rest) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            combining(
                zip: true, source1.asObservable(), source2.asObservable(), repeat (each rest).asObservable(),
                selector: resultSelector
            )
        )
    }
}
