// The Infallible operators that combine several sequences; every source is itself an
// infallible, so the result cannot fail either.

extension InfallibleType {
    /// Sends this sequence's elements, then, once it completes, those of `second`.
    ///
    /// - Parameter second: The sequence that runs after this one (any observable, as in RxSwift;
    ///   an error from it ends the result without a completion).
    /// - Returns: An infallible of both sequences' elements, in order.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(asObservable().concat(second.asObservable()))
    }

    /// Runs the infallibles of `sequence` one after the other.
    ///
    /// - Parameter sequence: The infallibles, in order.
    /// - Returns: An infallible of all their elements, in order.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Runs the infallibles of `collection` one after the other.
    ///
    /// - Parameter collection: The infallibles, in order.
    /// - Returns: An infallible of all their elements, in order.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs the given infallibles one after the other.
    ///
    /// - Parameter sources: The infallibles, in order.
    /// - Returns: An infallible of all their elements, in order.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Runs all the infallibles of `sources` at once and sends their elements as they come.
    ///
    /// - Parameter sources: The infallibles to merge.
    /// - Returns: An infallible that completes when every source has completed.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs all the infallibles of `sources` at once and sends their elements as they come.
    ///
    /// - Parameter sources: The infallibles to merge.
    /// - Returns: An infallible that completes when every source has completed.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs all the given infallibles at once and sends their elements as they come.
    ///
    /// ```swift
    /// _ = Infallible.merge(.of(1, 2), .just(10))
    ///     .subscribe(onNext: { print($0) })
    /// // 1
    /// // 2
    /// // 10
    /// ```
    ///
    /// - Parameter sources: The infallibles to merge.
    /// - Returns: An infallible that completes when every source has completed.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Combines each element with the latest element of `second`, through `resultSelector`;
    /// elements that arrive before `second` has sent one are dropped.
    ///
    /// - Parameters:
    ///   - second: The infallible whose latest element is used.
    ///   - resultSelector: Makes the result from an element and `second`'s latest element.
    /// - Returns: An infallible of the results.
    public func withLatestFrom<Source: InfallibleType, Result>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> Result
    ) -> Infallible<Result> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// Sends the latest element of `second` each time this sequence sends an element;
    /// elements that arrive before `second` has sent one are dropped.
    ///
    /// - Parameter second: The infallible whose latest element is sent.
    /// - Returns: An infallible of `second`'s latest elements.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second.asObservable()))
    }

    /// Combines the latest elements of any number of infallibles, whenever any of them
    /// sends one once all have, through `resultSelector`.
    ///
    /// RxSwift's shape: `Element` is the result's type, so `Infallible<Int>.combineLatest(names)
    /// { $0.count }` reads as in RxSwift. The selector may throw, as RxSwift's may; an error it
    /// throws ends `subscribe(onNext:…)` without a completion and reaches subscribers of
    /// `asObservable()` as an error (see Infallible+Operators.swift).
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes the result from the latest elements, in source order.
    /// - Returns: An infallible of the results.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the latest elements of any number of infallibles into arrays, whenever any
    /// of them sends one once all have.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: An infallible of arrays of the latest elements, in source order.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<[Element]> where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }))
    }

    /// Combines the elements of any number of infallibles by position, through
    /// `resultSelector`: the n-th result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes the result from one element of each source, in source order.
    /// - Returns: An infallible of the results.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) -> Result
    ) -> Infallible<Result> where Collection.Element == Infallible<Element> {
        Infallible(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Combines the elements of any number of infallibles by position into arrays.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: An infallible of arrays of one element of each source, in source order.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<[Element]> where Collection.Element == Infallible<Element> {
        Infallible(Observable.zip(collection.map { $0.asObservable() }))
    }
}

extension InfallibleType where Element: InfallibleType {
    /// Sends the elements of the latest inner infallible, disposing the previous one when a
    /// new one arrives.
    ///
    /// - Returns: An infallible of the latest inner sequence's elements.
    public func switchLatest() -> Infallible<Element.Element> {
        Infallible(asObservable().switchLatest())
    }

    /// Sends the elements of every inner infallible as they come.
    ///
    /// - Returns: An infallible that completes when this sequence and every inner one have
    ///   completed.
    public func merge() -> Infallible<Element.Element> {
        Infallible(asObservable().merge())
    }
}
