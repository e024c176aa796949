// The generic conversion to any SharedSequence; `asDriver` and `asSignal` are its two
// common cases.

extension ObservableConvertibleType {
    /// Views the sequence as a shared sequence of strategy `S` that sends `onErrorJustReturn`
    /// and completes in place of an error.
    ///
    /// The events are moved to the strategy's scheduler, then shared with its `share`.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The strategy of the result.
    ///   - onErrorJustReturn: The element sent after an error.
    /// - Returns: A shared sequence of the source's elements.
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy: S.Type = S.self,
        onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// Views the sequence as a shared sequence of strategy `S` that continues with
    /// `onErrorDriveWith` in place of an error.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The strategy of the result.
    ///   - onErrorDriveWith: The sequence to continue with after an error.
    /// - Returns: A shared sequence of the source's elements, then the fallback's.
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy: S.Type = S.self,
        onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// Views the sequence as a shared sequence of strategy `S` that continues with the
    /// sequence `onErrorRecover` makes from the error.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The strategy of the result.
    ///   - onErrorRecover: Makes the sequence to continue with from the error.
    /// - Returns: A shared sequence of the source's elements, then the recovery's.
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy: S.Type = S.self,
        onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}
