// Running completables side by side.

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Runs all the completables at once and completes when every one has completed.
    ///
    /// They are subscribed in order; the first error fails the result at once and disposes
    /// the others. With no sources the result completes at once.
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes after all of them.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs all the completables at once and completes when every one has completed.
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes after all of them.
    public static func zip(_ sources: [Completable]) -> Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs all the completables at once and completes when every one has completed.
    ///
    /// ```swift
    /// _ = Completable.zip(saveLocally(), saveRemotely())
    ///     .subscribe(onCompleted: { print("saved twice") })
    /// ```
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes after all of them.
    public static func zip(_ sources: Completable...) -> Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map(\.source)))
    }

    /// Runs all the completables at once (RxSwift 4 spelling of `zip(_:)`).
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes after all of them.
    @available(*, deprecated, renamed: "zip(_:)")
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        zip(sources)
    }

    /// Runs all the completables at once (RxSwift 4 spelling of `zip(_:)`).
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes after all of them.
    @available(*, deprecated, renamed: "zip(_:)")
    public static func merge(_ sources: [Completable]) -> Completable {
        zip(sources)
    }

    /// Runs all the completables at once (RxSwift 4 spelling of `zip(_:)`).
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes after all of them.
    @available(*, deprecated, renamed: "zip(_:)")
    public static func merge(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}
