// The error-handling operators of the traits; they delegate to the observable `catch` and
// `retry` and keep the trait.

extension PrimitiveSequence {
    /// Replaces a failure with the sequence that `handler` makes from the error.
    ///
    /// ```swift
    /// _ = Single<Int>.error(CocoaError(.fileNoSuchFile))
    ///     .catch { _ in .just(0) }
    ///     .subscribe(onSuccess: { print($0) })
    /// // 0
    /// ```
    ///
    /// - Parameter handler: Makes the replacement from the error; if it throws, the result
    ///   fails with that error.
    /// - Returns: This sequence's event, or the replacement's after a failure.
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch { try handler($0).source })
    }

    /// Replaces a failure with the sequence that `handler` makes (RxSwift 5 spelling).
    ///
    /// - Parameter handler: Makes the replacement from the error.
    /// - Returns: This sequence's event, or the replacement's after a failure.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler)
    }

    /// Resubscribes after a failure, up to `maxAttemptCount` subscriptions in all.
    ///
    /// - Parameter maxAttemptCount: The most subscriptions made, the first included.
    /// - Returns: The first attempt's success, or the last attempt's failure.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Resubscribes after a failure each time the sequence made by `notificationHandler`
    /// sends an element; its error or completion ends the result.
    ///
    /// - Parameter notificationHandler: Receives the failures, as errors of type `Failure`,
    ///   and returns the trigger sequence.
    /// - Returns: The sequence, retried on each trigger.
    public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
        when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Resubscribes after a failure each time the sequence made by `notificationHandler`
    /// sends an element; its error or completion ends the result.
    ///
    /// - Parameter notificationHandler: Receives the failures and returns the trigger
    ///   sequence.
    /// - Returns: The sequence, retried on each trigger.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Resubscribes on each trigger (RxSwift 5 spelling of ``retry(when:)-((Observable<Failure>)->TriggerObservable)``).
    ///
    /// - Parameter notificationHandler: Receives the failures and returns the trigger sequence.
    /// - Returns: The sequence, retried on each trigger.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Resubscribes on each trigger (RxSwift 5 spelling of ``retry(when:)-((Observable<Error>)->TriggerObservable)``).
    ///
    /// - Parameter notificationHandler: Receives the failures and returns the trigger sequence.
    /// - Returns: The sequence, retried on each trigger.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Replaces a failure with a success of `element`.
    ///
    /// - Parameter element: The element to succeed with after a failure.
    /// - Returns: A single that cannot fail.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// Replaces a failure with a success of `element` (RxSwift 5 spelling).
    ///
    /// - Parameter element: The element to succeed with after a failure.
    /// - Returns: A single that cannot fail.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Single<Element> {
        catchAndReturn(element)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Replaces an error with a success of `element`.
    ///
    /// - Parameter element: The element to succeed with after an error.
    /// - Returns: A maybe that cannot fail.
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// Replaces an error with a success of `element` (RxSwift 5 spelling).
    ///
    /// - Parameter element: The element to succeed with after an error.
    /// - Returns: A maybe that cannot fail.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Maybe<Element> {
        catchAndReturn(element)
    }
}
