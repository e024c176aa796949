// The typed `zip` front ends, 2 to 8 sources; the engine is `ZipSink`.

extension ObservableType {
    /// Combines two sources by index: the n-th elements of each, through a result selector.
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
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        CombiningProducer.make(.zip, source1, source2, resultSelector)
    }

    /// Combines three sources by index: the n-th elements of each, through a result selector.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        CombiningProducer.make(.zip, source1, source2, source3, resultSelector)
    }

    /// Combines four sources by index: the n-th elements of each, through a result selector.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        CombiningProducer.make(.zip, source1, source2, source3, source4, resultSelector)
    }

    /// Combines five sources by index: the n-th elements of each, through a result selector.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element
        ) throws -> Element
    ) -> Observable<Element> {
        CombiningProducer.make(.zip, source1, source2, source3, source4, source5, resultSelector)
    }

    /// Combines six sources by index: the n-th elements of each, through a result selector.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    ///   - source6: The sixth source, subscribed after source5.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element, O6.Element
        ) throws -> Element
    ) -> Observable<Element> {
        CombiningProducer.make(
            .zip,
            source1, source2, source3, source4,
            source5, source6,
            resultSelector
        )
    }

    /// Combines seven sources by index: the n-th elements of each, through a result selector.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    ///   - source6: The sixth source, subscribed after source5.
    ///   - source7: The seventh source, subscribed after source6.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element, O6.Element, O7.Element
        ) throws -> Element
    ) -> Observable<Element> {
        CombiningProducer.make(
            .zip,
            source1, source2, source3, source4,
            source5, source6, source7,
            resultSelector
        )
    }

    /// Combines eight sources by index: the n-th elements of each, through a result selector.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    ///   - source6: The sixth source, subscribed after source5.
    ///   - source7: The seventh source, subscribed after source6.
    ///   - source8: The eighth source, subscribed after source7.
    ///   - resultSelector: Makes an element from one element of each source; if it throws,
    ///     the sequence fails with its error.
    /// - Returns: The sequence of the results.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element, O6.Element, O7.Element, O8.Element
        ) throws -> Element
    ) -> Observable<Element> {
        CombiningProducer.make(
            .zip,
            source1, source2, source3, source4,
            source5, source6, source7, source8,
            resultSelector
        )
    }
}

extension ObservableType where Element == Any {
    /// Combines two sources by index into tuples of their n-th elements.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    /// - Returns: The sequence of tuples.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        CombiningProducer.make(.zip, source1, source2) { ($0, $1) }
    }

    /// Combines three sources by index into tuples of their n-th elements.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    /// - Returns: The sequence of tuples.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        CombiningProducer.make(.zip, source1, source2, source3) { ($0, $1, $2) }
    }

    /// Combines four sources by index into tuples of their n-th elements.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    /// - Returns: The sequence of tuples.
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        CombiningProducer.make(.zip, source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }

    /// Combines five sources by index into tuples of their n-th elements.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    /// - Returns: The sequence of tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element
    )> {
        CombiningProducer.make(
            .zip,
            source1, source2, source3, source4,
            source5
        ) { ($0, $1, $2, $3, $4) }
    }

    /// Combines six sources by index into tuples of their n-th elements.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    ///   - source6: The sixth source, subscribed after source5.
    /// - Returns: The sequence of tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element, O6.Element
    )> {
        CombiningProducer.make(
            .zip,
            source1, source2, source3, source4,
            source5, source6
        ) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Combines seven sources by index into tuples of their n-th elements.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    ///   - source6: The sixth source, subscribed after source5.
    ///   - source7: The seventh source, subscribed after source6.
    /// - Returns: The sequence of tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element, O6.Element, O7.Element
    )> {
        CombiningProducer.make(
            .zip,
            source1, source2, source3, source4,
            source5, source6, source7
        ) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Combines eight sources by index into tuples of their n-th elements.
    ///
    /// - Parameters:
    ///   - source1: The first source, subscribed first.
    ///   - source2: The second source, subscribed after source1.
    ///   - source3: The third source, subscribed after source2.
    ///   - source4: The fourth source, subscribed after source3.
    ///   - source5: The fifth source, subscribed after source4.
    ///   - source6: The sixth source, subscribed after source5.
    ///   - source7: The seventh source, subscribed after source6.
    ///   - source8: The eighth source, subscribed after source7.
    /// - Returns: The sequence of tuples.
    public static func zip<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8
    ) -> Observable<(
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element, O6.Element, O7.Element, O8.Element
    )> {
        CombiningProducer.make(
            .zip,
            source1, source2, source3, source4,
            source5, source6, source7, source8
        ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
