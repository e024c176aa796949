extension ObservableType {
    /// Fails with ``RxError/timeout`` when the source lets `dueTime` pass without an event:
    /// after the subscription, or between two elements.
    ///
    /// Each element restarts the timer. When the timer fires first, the source subscription
    /// is disposed and the sequence ends with the error.
    ///
    /// ```swift
    /// // elements at 1 s and 2 s, then nothing
    /// _ = source.timeout(.seconds(3), scheduler: scheduler).subscribe { print($0) }
    /// // next(1)
    /// // next(2)
    /// // error(Sequence timeout.)     (at 5 s)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed for the first element and between elements.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The source's events, or ``RxError/timeout`` when the source is too slow.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TimeoutProducer(
            source: asObservable(),
            dueTime: dueTime,
            other: Observable.error(RxError.timeout),
            scheduler: scheduler
        )
    }

    /// Switches to `other` when the source lets `dueTime` pass without an event: after the
    /// subscription, or between two elements.
    ///
    /// Each element restarts the timer. When the timer fires first, the source subscription
    /// is disposed and `other` is subscribed in its place; its events, from then on, are the
    /// result's events.
    ///
    /// ```swift
    /// let fallback = Observable.of(-1, -2)
    /// _ = slowSource.timeout(.seconds(1), other: fallback, scheduler: scheduler)
    ///     .subscribe { print($0) }
    /// // next(-1)     (1 s after subscribing, the source having sent nothing)
    /// // next(-2)
    /// // completed
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed for the first element and between elements.
    ///   - other: The sequence to switch to when the timer fires.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The source's events until a timeout, then `other`'s.
    public func timeout<Other: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval,
        other: Other,
        scheduler: SchedulerType
    ) -> Observable<Element> where Other.Element == Element {
        TimeoutProducer(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

/// Races the source against a timer restarted at each element; the first to act decides.
///
/// Every event of the source and every timer firing bumps or checks `generation` under the
/// lock: a timer only switches to `other` when no event came after it was started, and once
/// it has switched, the source's events are ignored. Events are sent after the lock is
/// released.
private final class TimeoutSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let other: Observable<Element>
    private let scheduler: SchedulerType
    /// The source subscription, replaced by the subscription to `other` on a timeout.
    private let subscription = SerialDisposable()
    private let timer = SerialDisposable()

    private let lock = Lock()
    /// Counts the source's events; a timer carries the count it was started at.
    private var generation: UInt64 = 0
    /// The timer won: the sequence now comes from `other`.
    private var switched = false

    init(
        dueTime: RxTimeInterval,
        other: Observable<Element>,
        scheduler: SchedulerType,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        startTimer(generation: 0)
        original.setDisposable(source.subscribe(self))
        return Disposables.create(subscription, timer)
    }

    func on(_ event: Event<Element>) {
        let (wins, current): (Bool, UInt64) = lock.locked {
            if switched { return (false, generation) }
            generation &+= 1
            return (true, generation)
        }
        guard wins else { return }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        } else {
            startTimer(generation: current)
        }
    }

    /// Starts the timer for the source's `generation`-th event, replacing the previous one.
    private func startTimer(generation: UInt64) {
        if timer.isDisposed { return }
        let next = SingleAssignmentDisposable()
        timer.disposable = next
        next.setDisposable(
            scheduler.scheduleRelative(generation, dueTime: dueTime) { generation in
                self.timerFired(generation: generation)
                return Disposables.create()
            }
        )
    }

    private func timerFired(generation firedGeneration: UInt64) {
        let wins: Bool = lock.locked {
            if switched || firedGeneration != generation { return false }
            switched = true
            return true
        }
        guard wins else { return }
        subscription.disposable = other.subscribe(forwarder())
    }
}

/// The observable behind ``ObservableType/timeout(_:scheduler:)`` and
/// ``ObservableType/timeout(_:other:scheduler:)``.
private final class TimeoutProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let other: Observable<Element>
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TimeoutSink(dueTime: dueTime, other: other, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}
