// What a Maybe becomes when it completes without an element.

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Returns a ``Single`` that succeeds with the maybe's element, or with `default` when
    /// the maybe completes empty.
    ///
    /// ```swift
    /// _ = Maybe<Int>.empty().ifEmpty(default: 0).subscribe(onSuccess: { print($0) })
    /// // 0
    /// ```
    ///
    /// - Parameter default: The element to succeed with after an empty completion.
    /// - Returns: A single of the element or of `default`; an error still fails it.
    public func ifEmpty(default: Element) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// Continues with `other` when the maybe completes empty.
    ///
    /// - Parameter other: The maybe subscribed after an empty completion.
    /// - Returns: A maybe of this maybe's element, or of `other`'s outcome.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// Continues with `other` when the maybe completes empty.
    ///
    /// ```swift
    /// let cached: Maybe<String> = .empty()
    /// _ = cached.ifEmpty(switchTo: Single.just("fetched"))
    ///     .subscribe(onSuccess: { print($0) })
    /// // fetched
    /// ```
    ///
    /// - Parameter other: The single subscribed after an empty completion.
    /// - Returns: A single of this maybe's element, or of `other`'s outcome.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }
}
