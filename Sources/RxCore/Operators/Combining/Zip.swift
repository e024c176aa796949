// The typed `zip` with a result selector, for two or more sources (one definition, a parameter
// pack); the tuple forms are generated (`Observable+Tuples+Arity.swift`); the engine is `ZipSink`.

extension ObservableType {
    /// Combines two or more sources by index: the n-th elements of each, through a result selector.
    ///
    /// The n-th result combines the n-th element of every source, so there are as many
    /// results as the shortest source has elements. Elements wait in per-source buffers
    /// until every source has one. As in RxSwift 6, the sequence completes once every source
    /// has completed; a source's subscription is disposed as soon as it completes. An error
    /// from any source goes downstream at once and disposes every source.
    ///
    /// ```swift
    /// let letters = Observable.of("a", "b", "c")
    /// let numbers = Observable.of(1, 2)
    /// _ = Observable.zip(letters, numbers) { "\($0)\($1)" }
    ///     .subscribe(onNext: { print($0) })
    /// // a1
    /// // b2
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - rest: Any further sources, subscribed after source2 in order.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, each Rest: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ rest: repeat each Rest,
        resultSelector: @escaping (O1.Element, O2.Element, repeat (each Rest).Element) throws -> Element
    ) -> Observable<Element> {
        combining(zip: true, source1, source2, repeat each rest, selector: resultSelector)
    }
}
