// The operators of SharedSequence that combine several sequences of one sharing strategy.

extension SharedSequenceConvertibleType {
    /// Runs all the sequences of `sources` at once and sends their elements as they come.
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A shared sequence that completes when every source has completed.
    public static func merge<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> SharedSequence<SharingStrategy, Element>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs all the sequences of `sources` at once and sends their elements as they come.
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A shared sequence that completes when every source has completed.
    public static func merge(
        _ sources: [SharedSequence<SharingStrategy, Element>]
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs all the given sequences at once and sends their elements as they come.
    ///
    /// ```swift
    /// let taps: Signal<Action> = Signal.merge(saveTaps, shareTaps)
    /// ```
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: A shared sequence that completes when every source has completed.
    public static func merge(
        _ sources: SharedSequence<SharingStrategy, Element>...
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Combines each element with the latest element of `second`, through `resultSelector`;
    /// elements that arrive before `second` has sent one are dropped.
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element is used.
    ///   - resultSelector: Makes the result from an element and `second`'s latest element.
    /// - Returns: A shared sequence of the results.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
        _ second: Second,
        resultSelector: @escaping (Element, Second.Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// Sends the latest element of `second` each time this sequence sends an element;
    /// elements that arrive before `second` has sent one are dropped.
    ///
    /// ```swift
    /// let submitted: Signal<String> = submitTaps.withLatestFrom(text)
    /// ```
    ///
    /// - Parameter second: The sequence whose latest element is sent.
    /// - Returns: A shared sequence of `second`'s latest elements.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(
        _ second: Second
    ) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable()))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Sends the elements of the latest inner sequence, disposing the previous one when a
    /// new one arrives.
    ///
    /// - Returns: A shared sequence of the latest inner sequence's elements.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asSharedSequence() }.switchLatest())
    }

    /// Sends the elements of every inner sequence as they come.
    ///
    /// - Returns: A shared sequence that completes when this sequence and every inner one
    ///   have completed.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asSharedSequence() }.merge())
    }

    /// Sends the elements of the inner sequences, with at most `maxConcurrent` of them
    /// subscribed at a time; the others wait their turn.
    ///
    /// - Parameter maxConcurrent: The most inner sequences subscribed at the same time.
    /// - Returns: A shared sequence of the inner sequences' elements.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asSharedSequence() }.merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequence {
    /// Runs the sequences of `sequence` one after the other.
    ///
    /// - Parameter sequence: The sequences, in order.
    /// - Returns: A shared sequence of all their elements, in order.
    public static func concat<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> SharedSequence<SharingStrategy, Element>
    where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Runs the sequences of `collection` one after the other.
    ///
    /// - Parameter collection: The sequences, in order.
    /// - Returns: A shared sequence of all their elements, in order.
    public static func concat<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, Element>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Combines the elements of any number of sequences by position, through
    /// `resultSelector`: the n-th result is made from the n-th element of every source.
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes the result from one element of each source, in source order.
    /// - Returns: A shared sequence of the results.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector)
        )
    }

    /// Combines the elements of any number of sequences by position into arrays.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: A shared sequence of arrays of one element of each source, in source order.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Combines the latest elements of any number of sequences, whenever any of them sends
    /// one once all have, through `resultSelector`.
    ///
    /// - Parameters:
    ///   - collection: The sources, subscribed in order.
    ///   - resultSelector: Makes the result from the latest elements, in source order.
    /// - Returns: A shared sequence of the results.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector)
        )
    }

    /// Combines the latest elements of any number of sequences into arrays, whenever any of
    /// them sends one once all have.
    ///
    /// - Parameter collection: The sources, subscribed in order.
    /// - Returns: A shared sequence of arrays of the latest elements, in source order.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
