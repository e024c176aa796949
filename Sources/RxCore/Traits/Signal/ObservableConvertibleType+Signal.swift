extension ObservableConvertibleType {
    /// Views the sequence as a ``Signal`` that sends `onErrorJustReturn` and completes in
    /// place of an error.
    ///
    /// - Parameter onErrorJustReturn: The element sent after an error.
    /// - Returns: A signal of the source's elements.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// Views the sequence as a ``Signal`` that continues with `onErrorSignalWith` in place
    /// of an error.
    ///
    /// - Parameter onErrorSignalWith: The signal to continue with after an error.
    /// - Returns: A signal of the source's elements, then the fallback's.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorDriveWith: onErrorSignalWith)
    }

    /// Views the sequence as a ``Signal`` that continues with the signal `onErrorRecover`
    /// makes from the error.
    ///
    /// - Parameter onErrorRecover: Makes the signal to continue with from the error.
    /// - Returns: A signal of the source's elements, then the recovery's.
    public func asSignal(onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorRecover: onErrorRecover)
    }
}
