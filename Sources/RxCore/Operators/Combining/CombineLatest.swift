// The typed `combineLatest` with a result selector, for two or more sources (one definition, a
// parameter pack); the tuple forms are generated (`Observable+Tuples+Arity.swift`); the engine
// is `CombineLatestSink`.

extension ObservableType {
    /// Combines the latest elements of two or more sources through a result selector, whenever any of them emits.
    ///
    /// Nothing is emitted until every source has delivered an element; from then on, each
    /// element of any source produces a result from the latest element of every source. As
    /// in RxSwift 6, the sequence completes once every source has completed, or earlier when
    /// a source delivers an element while another has completed without ever delivering one
    /// and all the rest have completed as well. A source's subscription is disposed as soon
    /// as it completes. An error from any source goes downstream at once and disposes every
    /// source.
    ///
    /// ```swift
    /// let tens = Observable.of(10, 20)
    /// let ones = Observable.of(1, 2)
    /// _ = Observable.combineLatest(tens, ones) { $0 + $1 }
    ///     .subscribe(onNext: { print($0) })
    /// // 11
    /// // 21
    /// // 22
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - rest: Any further sources, subscribed after source2 in order.
    ///   - resultSelector: Makes an element from the latest element of each source; if it
    ///     throws, the sequence fails with its error.
    /// - Returns: The sequence of the results.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, each Rest: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ rest: repeat each Rest,
        resultSelector: @escaping (O1.Element, O2.Element, repeat (each Rest).Element) throws -> Element
    ) -> Observable<Element> {
        combining(zip: false, source1, source2, repeat each rest, selector: resultSelector)
    }
}
