// Running completables one after the other.

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Runs `second` once this completable completes.
    ///
    /// Same as `andThen(_:)` with a completable: an error from this completable ends the result
    /// without subscribing `second`.
    ///
    /// - Parameter second: The completable that runs after this one.
    /// - Returns: A completable that completes when both have completed.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs the completables of `sequence` one after the other, each after the previous one
    /// completed; the first error ends the result.
    ///
    /// - Parameter sequence: The completables, in order.
    /// - Returns: A completable that completes when the last one has completed.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(sequence.lazy.map(\.source)))
    }

    /// Runs the completables of `collection` one after the other, each after the previous
    /// one completed; the first error ends the result.
    ///
    /// - Parameter collection: The completables, in order.
    /// - Returns: A completable that completes when the last one has completed.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(collection.map(\.source)))
    }

    /// Runs the given completables one after the other, each after the previous one
    /// completed; the first error ends the result.
    ///
    /// ```swift
    /// _ = Completable.concat(save(), upload(), cleanUp())
    ///     .subscribe(onCompleted: { print("all done") })
    /// ```
    ///
    /// - Parameter sources: The completables, in order.
    /// - Returns: A completable that completes when the last one has completed.
    public static func concat(_ sources: Completable...) -> Completable {
        PrimitiveSequence(raw: Observable.concat(sources.map(\.source)))
    }
}
