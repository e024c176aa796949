/// The stored parameters of an operator that works on one source with a due time on a
/// scheduler (`debounce`, `delay`, `delaySubscription`, the timed `skip` and `take`).
///
/// Each operator subclasses it with its own producer, so leak reports keep naming the
/// operator, and overrides `run` to build its sink.
class TimedProducer<Element>: Producer<Element> {
    /// The sequence the operator works on.
    final let source: Observable<Element>
    /// The operator's time span.
    final let dueTime: RxTimeInterval
    /// The scheduler that runs the operator's timers.
    final let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    /// Starts a timer that calls `fire` once `dueTime` has passed, then subscribes `observer`
    /// to the source: the run of an operator whose timer changes its state once.
    ///
    /// - Parameters:
    ///   - observer: The operator's sink.
    ///   - fire: What the timer does.
    /// - Returns: The timer together with the source subscription.
    final func subscribe<Sink: ObserverType>(
        _ observer: Sink,
        afterStartingTimer fire: @escaping () -> Void
    ) -> Disposable where Sink.Element == Element {
        let timer = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            fire()
            return Disposables.create()
        }
        let subscription = source.subscribe(observer)
        return Disposables.create(timer, subscription)
    }
}
