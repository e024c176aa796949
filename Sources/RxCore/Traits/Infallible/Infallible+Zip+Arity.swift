// The typed `zip` of Infallible for two or more sources (one definition, a parameter pack); it
// delegates to the observable front end. The result selectors cannot throw, so the result
// cannot fail either.

extension InfallibleType {
    /// Combines the elements of two or more infallibles by position through a result selector:
    /// the n-th result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - rest: Any further sources, subscribed after source2 in order.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: An infallible of the results.
    @inlinable
    public static func zip<E1, E2, each Rest>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ rest: repeat Infallible<each Rest>,
        resultSelector: @escaping (E1, E2, repeat each Rest) -> Element
    ) -> Infallible<Element> {
        Infallible(
            combining(
                zip: true, source1.asObservable(), source2.asObservable(), repeat (each rest).asObservable(),
                selector: resultSelector
            )
        )
    }
}
