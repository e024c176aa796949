extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Returns a sequence that delivers `0` once `dueTime` has passed after the subscription.
    ///
    /// For a ``Single`` or a ``Maybe`` the `0` is the success.
    ///
    /// ```swift
    /// _ = Single<Int>.timer(.seconds(2), scheduler: MainScheduler.instance)
    ///     .subscribe(onSuccess: { print("fired \($0)") })
    /// // fired 0      (2 seconds later)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long after subscribing the element comes.
    ///   - scheduler: The scheduler that runs the timer and delivers the element.
    /// - Returns: A sequence of `0` at `dueTime`.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
