// The `zip` operators of Single and Maybe: two or more sources (one definition each, a parameter
// pack) and a collection form; they delegate to the observable `zip`.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Combines the elements of two or more singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - rest: Any further sources, in order.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    @inlinable
    public static func zip<E1, E2, each Rest>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ rest: repeat PrimitiveSequence<Trait, each Rest>,
        resultSelector: @escaping (E1, E2, repeat each Rest) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, repeat (each rest).source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of any number of singles into an array, in source order.
    ///
    /// With no sources the result succeeds at once with an empty array.
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes the element from the array of elements; if it throws, the
    ///     single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence(raw: Observable.deferred { .just(try resultSelector([])) })
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
    }

    /// Combines the elements of any number of singles into an array, in source order.
    ///
    /// With no sources the result succeeds at once with an empty array.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: A single of the array of elements.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> PrimitiveSequence<Trait, [Element]> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence(raw: Observable.just([]))
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map(\.source)))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Combines the elements of two or more maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - rest: Any further sources, in order.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    @inlinable
    public static func zip<E1, E2, each Rest>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ rest: repeat PrimitiveSequence<Trait, each Rest>,
        resultSelector: @escaping (E1, E2, repeat each Rest) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, repeat (each rest).source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of any number of maybes into an array, in source order.
    ///
    /// With no sources the result succeeds at once with an empty array; it completes empty
    /// when a source completes empty.
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes the element from the array of elements; if it throws, the
    ///     maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence(raw: Observable.deferred { .just(try resultSelector([])) })
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
    }

    /// Combines the elements of any number of maybes into an array, in source order.
    ///
    /// With no sources the result succeeds at once with an empty array.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: A maybe of the array of elements.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> PrimitiveSequence<Trait, [Element]> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence(raw: Observable.just([]))
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map(\.source)))
    }
}
