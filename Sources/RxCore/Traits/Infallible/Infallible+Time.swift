// The time-based factories and operators of Infallible; they delegate to the observable ones.

extension InfallibleType where Element: RxAbstractInteger {
    /// Returns an infallible that sends `0` after `dueTime` and then, if `period` is given,
    /// `1`, `2`, ... every `period`.
    ///
    /// - Parameters:
    ///   - dueTime: How long after subscribing the first element comes.
    ///   - period: The time between later elements; `nil` to complete after the `0`.
    ///   - scheduler: The scheduler that runs the timer and sends the elements.
    /// - Returns: An infallible counter.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval? = nil,
        scheduler: SchedulerType
    ) -> Infallible<Element> {
        Infallible(Observable.timer(dueTime, period: period, scheduler: scheduler))
    }

    /// Returns an infallible that sends `0`, `1`, `2`, ... every `period`, never completing.
    ///
    /// - Parameters:
    ///   - period: The time between elements, the first included.
    ///   - scheduler: The scheduler that runs the timer and sends the elements.
    /// - Returns: An endless infallible counter.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(Observable.interval(period, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// Sends an element only once `dueTime` has passed without a newer one.
    ///
    /// - Parameters:
    ///   - dueTime: The quiet time an element must be followed by.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: An infallible of the elements that were not superseded in time.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one element per `dueTime`: the first at once and, with `latest`, the
    /// latest of the window at its end.
    ///
    /// - Parameters:
    ///   - dueTime: The shortest time between two elements sent.
    ///   - latest: Whether the latest element of a window is sent when it closes.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The throttled infallible.
    public func throttle(
        _ dueTime: RxTimeInterval,
        latest: Bool = true,
        scheduler: SchedulerType
    ) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }

    /// Sends each element and the completion `dueTime` later.
    ///
    /// - Parameters:
    ///   - dueTime: How long to hold each event.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The delayed infallible.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// Delivers the events on `scheduler`.
    ///
    /// - Parameter scheduler: Where the subscriber receives the events.
    /// - Returns: The same infallible, observed on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().observe(on: scheduler))
    }

    /// Subscribes to, and disposes of, the sequence on `scheduler`.
    ///
    /// - Parameter scheduler: Where the subscription and disposal run.
    /// - Returns: The same infallible, subscribed on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().subscribe(on: scheduler))
    }
}
