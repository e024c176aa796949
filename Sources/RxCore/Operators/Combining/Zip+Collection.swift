extension ObservableType {
    /// Combines any number of sources of one element type by index, through a result selector
    /// that receives the n-th element of each source as an array, in source order.
    ///
    /// With no sources the sequence completes as soon as it is subscribed. Completion follows
    /// RxSwift 6's collection form: the sequence completes once every source has completed,
    /// or as soon as a source delivers an element that can never be paired because every
    /// other source has completed. A source's subscription is disposed as soon as it
    /// completes. An error from any source goes downstream at once and disposes every source.
    ///
    /// ```swift
    /// let sources = [Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200)]
    /// _ = Observable.zip(sources) { $0.reduce(0, +) }
    ///     .subscribe(onNext: { print($0) })
    /// // 111
    /// // 222
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        CombiningProducer.make(.zipCollection, collection, resultSelector)
    }

    /// Combines any number of sources of this element type by index into arrays holding the
    /// n-th element of each source, in source order.
    ///
    /// Behaves as ``zip(_:resultSelector:)`` with a selector that returns the array itself.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: The sequence of arrays.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningProducer.make(.zipCollection, collection) { $0 }
    }
}
