extension PrimitiveSequence {
    /// Returns a sequence of the same trait that owns a resource for the lifetime of each
    /// subscription.
    ///
    /// At each subscription `resourceFactory` makes a resource and `primitiveSequenceFactory`
    /// makes the sequence from it; the resource is disposed when the subscription ends. An
    /// error thrown by either factory is delivered as the sequence's failure.
    ///
    /// ```swift
    /// let answer = Single<Int>.using(
    ///     { Disposables.create { print("released") } },
    ///     primitiveSequenceFactory: { _ in .just(42) }
    /// )
    /// _ = answer.subscribe(onSuccess: { print($0) })
    /// // 42
    /// // released
    /// ```
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource for one subscription.
    ///   - primitiveSequenceFactory: Makes the sequence that uses the resource.
    /// - Returns: A sequence that makes and releases a resource per subscription.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(resourceFactory) { resource in
                try primitiveSequenceFactory(resource).source
            }
        )
    }
}
