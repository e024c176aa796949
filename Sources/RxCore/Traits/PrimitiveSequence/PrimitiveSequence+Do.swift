// The `do` side-effect operators of each trait, named after the trait's events; they delegate
// to the observable `do`.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects for the single's event and its subscription's lifecycle, passing the
    /// event through unchanged.
    ///
    /// A handler that throws (other than the `after` ones of the final event) fails the single.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element before it is sent on.
    ///   - afterSuccess: Called with the element after it was sent on.
    ///   - onError: Called with the error before it is sent on.
    ///   - afterError: Called with the error after it was sent on.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source was subscribed.
    ///   - onDispose: Called once the subscription is over.
    /// - Returns: The same single, with the side effects attached.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        PrimitiveSequence(
            raw: primitiveSequence.source.do(
                onNext: onSuccess,
                afterNext: afterSuccess,
                onError: onError,
                afterError: afterError,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects for the maybe's event and its subscription's lifecycle, passing the
    /// event through unchanged.
    ///
    /// - Parameters:
    ///   - onNext: Called with the element before it is sent on.
    ///   - afterNext: Called with the element after it was sent on.
    ///   - onError: Called with the error before it is sent on.
    ///   - afterError: Called with the error after it was sent on.
    ///   - onCompleted: Called before the completion is sent on.
    ///   - afterCompleted: Called after the completion was sent on.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source was subscribed.
    ///   - onDispose: Called once the subscription is over.
    /// - Returns: The same maybe, with the side effects attached.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        PrimitiveSequence(
            raw: primitiveSequence.source.do(
                onNext: onNext,
                afterNext: afterNext,
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Runs side effects for the completable's event and its subscription's lifecycle,
    /// passing the event through unchanged.
    ///
    /// - Parameters:
    ///   - onError: Called with the error before it is sent on.
    ///   - afterError: Called with the error after it was sent on.
    ///   - onCompleted: Called before the completion is sent on.
    ///   - afterCompleted: Called after the completion was sent on.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source was subscribed.
    ///   - onDispose: Called once the subscription is over.
    /// - Returns: The same completable, with the side effects attached.
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        PrimitiveSequence(
            raw: primitiveSequence.source.do(
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }
}
