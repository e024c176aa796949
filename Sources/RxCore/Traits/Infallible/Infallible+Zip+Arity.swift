// The typed `zip` of Infallible, 2 to 8 sources; it delegates to the observable `zip`.
// The result selectors cannot throw, so the result cannot fail either.

extension InfallibleType {
    /// Combines the elements of two infallibles by position through a result selector: the n-th
    /// result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: An infallible of the results.
    public static func zip<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        resultSelector: @escaping (I1.Element, I2.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension InfallibleType where Element == Any {
    /// Combines the elements of two infallibles by position into tuples.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    /// - Returns: An infallible of the tuples.
    public static func zip<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1,
        _ source2: I2
    ) -> Infallible<(I1.Element, I2.Element)> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable()))
    }
}

extension InfallibleType {
    /// Combines the elements of three infallibles by position through a result selector: the n-th
    /// result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: An infallible of the results.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension InfallibleType where Element == Any {
    /// Combines the elements of three infallibles by position into tuples.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    /// - Returns: An infallible of the tuples.
    public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3
    ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable()
            )
        )
    }
}

extension InfallibleType {
    /// Combines the elements of four infallibles by position through a result selector: the n-th
    /// result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: An infallible of the results.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension InfallibleType where Element == Any {
    /// Combines the elements of four infallibles by position into tuples.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    /// - Returns: An infallible of the tuples.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable()
            )
        )
    }
}

extension InfallibleType {
    /// Combines the elements of five infallibles by position through a result selector: the n-th
    /// result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: An infallible of the results.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        resultSelector: @escaping (
            I1.Element, I2.Element, I3.Element, I4.Element,
            I5.Element
        ) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension InfallibleType where Element == Any {
    /// Combines the elements of five infallibles by position into tuples.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    /// - Returns: An infallible of the tuples.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5
    ) -> Infallible<(
        I1.Element, I2.Element, I3.Element, I4.Element,
        I5.Element
    )> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable()
            )
        )
    }
}

extension InfallibleType {
    /// Combines the elements of six infallibles by position through a result selector: the n-th
    /// result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - resultSelector: Makes the result from one element of each source.
    /// - Returns: An infallible of the results.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType, I6: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        resultSelector: @escaping (
            I1.Element, I2.Element, I3.Element, I4.Element,
            I5.Element, I6.Element
        ) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension InfallibleType where Element == Any {
    /// Combines the elements of six infallibles by position into tuples.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    /// - Returns: An infallible of the tuples.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType, I6: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6
    ) -> Infallible<(
        I1.Element, I2.Element, I3.Element, I4.Element,
        I5.Element, I6.Element
    )> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable()
            )
        )
    }
}

extension InfallibleType {
    /// Combines the elements of seven infallibles by position through a result selector: the n-th
    /// result is made from the n-th element of every source.
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
    /// - Returns: An infallible of the results.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        resultSelector: @escaping (
            I1.Element, I2.Element, I3.Element, I4.Element,
            I5.Element, I6.Element, I7.Element
        ) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension InfallibleType where Element == Any {
    /// Combines the elements of seven infallibles by position into tuples.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    /// - Returns: An infallible of the tuples.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7
    ) -> Infallible<(
        I1.Element, I2.Element, I3.Element, I4.Element,
        I5.Element, I6.Element, I7.Element
    )> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable()
            )
        )
    }
}

extension InfallibleType {
    /// Combines the elements of eight infallibles by position through a result selector: the n-th
    /// result is made from the n-th element of every source.
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
    /// - Returns: An infallible of the results.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        _ source8: I8,
        resultSelector: @escaping (
            I1.Element, I2.Element, I3.Element, I4.Element,
            I5.Element, I6.Element, I7.Element, I8.Element
        ) -> Element
    ) -> Infallible<Element> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(),
                resultSelector: resultSelector
            )
        )
    }
}

extension InfallibleType where Element == Any {
    /// Combines the elements of eight infallibles by position into tuples.
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
    /// - Returns: An infallible of the tuples.
    public static func zip<
        I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
        I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
    >(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        _ source8: I8
    ) -> Infallible<(
        I1.Element, I2.Element, I3.Element, I4.Element,
        I5.Element, I6.Element, I7.Element, I8.Element
    )> {
        Infallible(
            Observable.zip(
                source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
                source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()
            )
        )
    }
}
