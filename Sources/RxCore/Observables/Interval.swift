extension ObservableType where Element: RxAbstractInteger {
    /// Returns a sequence that emits `0, 1, 2, ...`, one number every `period`, without end.
    ///
    /// The first number comes one `period` after subscribing. The ticks come from the
    /// scheduler's `schedulePeriodic`; dispose the subscription to stop them. The count wraps
    /// around at the end of `Element`'s range.
    ///
    /// ```swift
    /// let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
    ///     .subscribe(onNext: { print($0) })
    /// // 0   (after 1 s)
    /// // 1   (after 2 s)
    /// // 2   (after 3 s) ... until subscription.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - period: The time between elements, and before the first one.
    ///   - scheduler: The scheduler that runs the timer and sends the elements.
    /// - Returns: An infinite sequence of consecutive numbers from zero.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TimerProducer(dueTime: period, period: period, scheduler: scheduler)
    }
}
