// The Maybe operators that delegate to the observable operators of the same name.

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Transforms the maybe's element with `transform`.
    ///
    /// When `transform` throws, the maybe fails with its error.
    ///
    /// - Parameter transform: The function applied to the element.
    /// - Returns: A maybe of the transformed element.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
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

    /// Continues with the maybe that `selector` makes from the element; an empty maybe stays
    /// empty.
    ///
    /// - Parameter selector: Makes the next maybe from the element; if it throws, the result
    ///   fails with its error.
    /// - Returns: The maybe made by `selector`.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }
}
