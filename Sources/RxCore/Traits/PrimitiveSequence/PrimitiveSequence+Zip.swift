// The `zip` operators of Single and Maybe, 2 to 8 sources and a collection form; they
// delegate to the observable `zip`.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Combines the elements of two singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }

    /// Combines the elements of three singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of four singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of five singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of six singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of seven singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of eight singles through a result selector.
    ///
    /// The result succeeds once every source has succeeded; the first failure fails it at
    /// once and disposes the other sources.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the single fails with its error.
    /// - Returns: A single of the combined element.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source, source8.source,
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

extension PrimitiveSequenceType where Trait == SingleTrait, Element == Any {
    /// Combines the elements of two singles into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    /// - Returns: A single of the tuple of elements.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source))
    }

    /// Combines the elements of three singles into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    /// - Returns: A single of the tuple of elements.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source))
    }

    /// Combines the elements of four singles into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    /// - Returns: A single of the tuple of elements.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }

    /// Combines the elements of five singles into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    /// - Returns: A single of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source
            )
        )
    }

    /// Combines the elements of six singles into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    /// - Returns: A single of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source
            )
        )
    }

    /// Combines the elements of seven singles into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    /// - Returns: A single of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source
            )
        )
    }

    /// Combines the elements of eight singles into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    /// - Returns: A single of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source, source8.source
            )
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Combines the elements of two maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
    }

    /// Combines the elements of three maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of four maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of five maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of six maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of seven maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source,
                resultSelector: resultSelector
            )
        )
    }

    /// Combines the elements of eight maybes through a result selector.
    ///
    /// The result succeeds once every source has succeeded; it completes empty when a source
    /// completes empty, and the first error fails it at once.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    ///   - resultSelector: Makes the element from one element of each source; if it throws,
    ///     the maybe fails with its error.
    /// - Returns: A maybe of the combined element.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source, source8.source,
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

extension PrimitiveSequenceType where Trait == MaybeTrait, Element == Any {
    /// Combines the elements of two maybes into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    /// - Returns: A maybe of the tuple of elements.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source))
    }

    /// Combines the elements of three maybes into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    /// - Returns: A maybe of the tuple of elements.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source))
    }

    /// Combines the elements of four maybes into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    /// - Returns: A maybe of the tuple of elements.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }

    /// Combines the elements of five maybes into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    /// - Returns: A maybe of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source
            )
        )
    }

    /// Combines the elements of six maybes into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    /// - Returns: A maybe of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source
            )
        )
    }

    /// Combines the elements of seven maybes into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    /// - Returns: A maybe of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source
            )
        )
    }

    /// Combines the elements of eight maybes into a tuple.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    /// - Returns: A maybe of the tuple of elements.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source,
                source5.source, source6.source, source7.source, source8.source
            )
        )
    }
}
