extension ObservableType {
    /// Combines the latest elements of any number of sources of one element type, through a
    /// result selector that receives them as an array in source order, whenever any source
    /// emits once all have emitted.
    ///
    /// With no sources the sequence emits one element, the selector's result for the empty
    /// array, and completes as soon as it is subscribed (as RxSwift does). Otherwise it
    /// completes and fails exactly as the typed `combineLatest` does.
    ///
    /// ```swift
    /// let sources = [Observable.just(1), Observable.just(10), Observable.just(100)]
    /// _ = Observable.combineLatest(sources) { $0.reduce(0, +) }
    ///     .subscribe(onNext: { print($0) })
    /// // 111
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes an element from the latest element of each source; if it
    ///     throws, the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        CombiningProducer.make(.combineLatest, collection, resultSelector)
    }

    /// Combines the latest elements of any number of sources of this element type into
    /// arrays, in source order, whenever any source emits once all have emitted.
    ///
    /// Behaves as ``combineLatest(_:resultSelector:)`` with a selector that returns the array
    /// itself.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: The sequence of arrays.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningProducer.make(.combineLatest, collection) { $0 }
    }
}
