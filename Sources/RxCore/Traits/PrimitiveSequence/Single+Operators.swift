// The Single operators that delegate to the observable operators of the same name.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Transforms the single's element with `transform`.
    ///
    /// When `transform` throws, the single fails with its error.
    ///
    /// - Parameter transform: The function applied to the element.
    /// - Returns: A single of the transformed element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.map(transform))
    }

    /// Transforms the element with `transform`, completing empty when it returns `nil`.
    ///
    /// - Parameter transform: The function applied to the element.
    /// - Returns: A maybe of the non-`nil` result.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.compactMap(transform))
    }

    /// Keeps the element if it satisfies `predicate`, otherwise completes empty.
    ///
    /// - Parameter predicate: Says whether the element passes.
    /// - Returns: A maybe of the element.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.filter(predicate))
    }

    /// Continues with the single that `selector` makes from the element.
    ///
    /// ```swift
    /// _ = Single.just(2).flatMap { Single.just($0 * 10) }
    ///     .subscribe(onSuccess: { print($0) })
    /// // 20
    /// ```
    ///
    /// - Parameter selector: Makes the next single from the element; if it throws, the
    ///   result fails with its error.
    /// - Returns: The single made by `selector`.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the maybe that `selector` makes from the element.
    ///
    /// - Parameter selector: Makes the maybe from the element; if it throws, the result fails
    ///   with its error.
    /// - Returns: The maybe made by `selector`.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the completable that `selector` makes from the element.
    ///
    /// - Parameter selector: Makes the completable from the element; if it throws, the result
    ///   fails with its error.
    /// - Returns: The completable made by `selector`.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Views the single as a ``Maybe`` that always has an element.
    ///
    /// - Returns: The same sequence as a maybe.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source)
    }

    /// Views the single as a ``Completable``, dropping its element.
    ///
    /// - Returns: A completable with the single's outcome.
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: primitiveSequence.source.ignoreElements())
    }
}
