extension ObservableType where Element: RxAbstractInteger {
    /// Returns a sequence that emits `0` after `dueTime` and then, if `period` is given,
    /// `1`, `2`, ... every `period`; without a period it completes right after the `0`.
    ///
    /// The periodic form never completes: dispose the subscription to stop it. The count
    /// wraps around at the end of `Element`'s range.
    ///
    /// ```swift
    /// _ = Observable<Int>.timer(.seconds(2), scheduler: scheduler).subscribe { print($0) }
    /// // next(0)      (2 seconds after subscribing)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long after subscribing the first element comes.
    ///   - period: The time between later elements; `nil` for a single element.
    ///   - scheduler: The scheduler that runs the timer and sends the elements.
    /// - Returns: A sequence of `0` alone, or of `0, 1, 2, ...` at the given times.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval? = nil,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        TimerProducer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

/// The observable behind ``ObservableType/timer(_:period:scheduler:)`` and
/// ``ObservableType/interval(_:scheduler:)``.
final class TimerProducer<Element: RxAbstractInteger>: Producer<Element> {
    let dueTime: RxTimeInterval
    let period: RxTimeInterval?
    let scheduler: SchedulerType

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        if let period {
            let sink = PeriodicTimerSink(observer: observer, cancel: cancel)
            let subscription = sink.run(self, period: period)
            return (sink: sink, subscription: subscription)
        }
        let sink = OneShotTimerSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

/// Emits the count at every tick of the scheduler's periodic timer.
///
/// The scheduler runs the ticks of one periodic schedule one after another, never at the
/// same time, so the count can travel as the schedule's state without a lock.
private final class PeriodicTimerSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    func run(_ parent: TimerProducer<Observer.Element>, period: RxTimeInterval) -> Disposable {
        parent.scheduler.schedulePeriodic(Observer.Element.zero, startAfter: parent.dueTime, period: period) { count in
            self.forwardOn(.next(count))
            return count &+ 1
        }
    }
}

/// Emits `0` and completes when the due time comes.
private final class OneShotTimerSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    func run(_ parent: TimerProducer<Observer.Element>) -> Disposable {
        parent.scheduler.scheduleRelative((), dueTime: parent.dueTime) { _ in
            self.forwardOn(.next(.zero))
            self.forwardOn(.completed)
            self.dispose()
            return Disposables.create()
        }
    }
}
