extension ObservableConvertibleType {
    /// Views the sequence as a ``Driver`` that sends `onErrorJustReturn` and completes in
    /// place of an error.
    ///
    /// The events are moved to the main scheduler, then shared with the latest element
    /// replayed.
    ///
    /// ```swift
    /// let results: Driver<[String]> = search(query)
    ///     .asDriver(onErrorJustReturn: [])
    /// ```
    ///
    /// - Parameter onErrorJustReturn: The element sent after an error.
    /// - Returns: A driver of the source's elements.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// Views the sequence as a ``Driver`` that continues with `onErrorDriveWith` in place of
    /// an error.
    ///
    /// - Parameter onErrorDriveWith: The driver to continue with after an error.
    /// - Returns: A driver of the source's elements, then the fallback's.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorDriveWith: onErrorDriveWith)
    }

    /// Views the sequence as a ``Driver`` that continues with the driver `onErrorRecover`
    /// makes from the error.
    ///
    /// - Parameter onErrorRecover: Makes the driver to continue with from the error.
    /// - Returns: A driver of the source's elements, then the recovery's.
    public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorRecover: onErrorRecover)
    }
}
