extension ObservableType {
    /// Returns a sequence that emits the given elements, in order, and then completes.
    ///
    /// Each element is a separate recursive action on `scheduler`. On the default
    /// ``CurrentThreadScheduler`` a sequence subscribed from inside another subscription
    /// takes turns with it instead of running to the end first. To emit an array as one
    /// element pass it alone (`of([1, 2])` emits `[1, 2]`); to emit its contents use `from`.
    ///
    /// ```swift
    /// _ = Observable.of("A", "B").subscribe { print($0) }
    /// // next(A)
    /// // next(B)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements to emit.
    ///   - scheduler: Where the elements are sent from.
    /// - Returns: A sequence of `elements`.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: elements, scheduler: scheduler)
    }
}
