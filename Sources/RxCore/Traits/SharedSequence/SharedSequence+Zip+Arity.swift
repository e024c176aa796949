// The typed `zip` of SharedSequence, 2 to 8 sources of one sharing strategy; it delegates to
// the observable `zip` and shares the result with the strategy.

extension SharedSequence {
    /// Combines the elements of two shared sequences by position through a result selector: the
    /// n-th result is made from the n-th element of every source.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: A shared sequence of the results.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Combines the elements of two shared sequences by position into tuples.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    /// - Returns: A shared sequence of the tuples.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy
    {
        SharedSequence(Observable.zip(source1.asObservable(), source2.asObservable()))
    }
}

extension SharedSequence {
    /// Combines the elements of three shared sequences by position through a result selector: the
    /// n-th result is made from the n-th element of every source.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: A shared sequence of the results.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Combines the elements of three shared sequences by position into tuples.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    /// - Returns: A shared sequence of the tuples.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable()
            )
        )
    }
}

extension SharedSequence {
    /// Combines the elements of four shared sequences by position through a result selector: the
    /// n-th result is made from the n-th element of every source.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: A shared sequence of the results.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Combines the elements of four shared sequences by position into tuples.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    /// - Returns: A shared sequence of the tuples.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()
            )
        )
    }
}

extension SharedSequence {
    /// Combines the elements of five shared sequences by position through a result selector: the
    /// n-th result is made from the n-th element of every source.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: A shared sequence of the results.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        resultSelector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element
        ) -> Element
    ) -> SharedSequence<SharingStrategy, Element> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Combines the elements of five shared sequences by position into tuples.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    /// - Returns: A shared sequence of the tuples.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5
    ) -> SharedSequence<SharingStrategy, (
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element
    )> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable()
            )
        )
    }
}

extension SharedSequence {
    /// Combines the elements of six shared sequences by position through a result selector: the
    /// n-th result is made from the n-th element of every source.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: A shared sequence of the results.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
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
        ) -> Element
    ) -> SharedSequence<SharingStrategy, Element> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy,
        O6.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Combines the elements of six shared sequences by position into tuples.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    /// - Returns: A shared sequence of the tuples.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6
    ) -> SharedSequence<SharingStrategy, (
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element, O6.Element
    )> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy,
        O6.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable()
            )
        )
    }
}

extension SharedSequence {
    /// Combines the elements of seven shared sequences by position through a result selector: the
    /// n-th result is made from the n-th element of every source.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: A shared sequence of the results.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType
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
        ) -> Element
    ) -> SharedSequence<SharingStrategy, Element> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy,
        O6.SharingStrategy == SharingStrategy,
        O7.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Combines the elements of seven shared sequences by position into tuples.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    /// - Returns: A shared sequence of the tuples.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7
    ) -> SharedSequence<SharingStrategy, (
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element, O6.Element, O7.Element
    )> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy,
        O6.SharingStrategy == SharingStrategy,
        O7.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable()
            )
        )
    }
}

extension SharedSequence {
    /// Combines the elements of eight shared sequences by position through a result selector: the
    /// n-th result is made from the n-th element of every source.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
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
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: A shared sequence of the results.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
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
        ) -> Element
    ) -> SharedSequence<SharingStrategy, Element> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy,
        O6.SharingStrategy == SharingStrategy,
        O7.SharingStrategy == SharingStrategy,
        O8.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension SharedSequenceConvertibleType where Element == Any {
    /// Combines the elements of eight shared sequences by position into tuples.
    ///
    /// Every source must share the same strategy; the result is shared the same way.
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
    /// - Returns: A shared sequence of the tuples.
    public static func zip<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
        O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType,
        O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
        O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
    >(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8
    ) -> SharedSequence<SharingStrategy, (
        O1.Element, O2.Element, O3.Element, O4.Element,
        O5.Element, O6.Element, O7.Element, O8.Element
    )> where
        O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy,
        O4.SharingStrategy == SharingStrategy,
        O5.SharingStrategy == SharingStrategy,
        O6.SharingStrategy == SharingStrategy,
        O7.SharingStrategy == SharingStrategy,
        O8.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()
            )
        )
    }
}
