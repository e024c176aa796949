import Foundation

extension ObservableType {
    /// Shifts every element and the completion later in time by `dueTime`; an error is
    /// delivered at once.
    ///
    /// Each element arrives `dueTime` after the source sent it, in the source's order. When
    /// the source fails, the error goes downstream immediately and the elements still waiting
    /// are dropped. The source subscription ends as soon as the source stops, not when the
    /// delayed completion is delivered.
    ///
    /// ```swift
    /// // source: 1 at 0 s, 2 at 1 s, completed at 2 s
    /// _ = source.delay(.seconds(5), scheduler: scheduler).subscribe { print($0) }
    /// // next(1)      (at 5 s)
    /// // next(2)      (at 6 s)
    /// // completed    (at 7 s)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long each element and the completion are held back.
    ///   - scheduler: The scheduler that runs the timers and sends the delayed events.
    /// - Returns: The source's events, shifted by `dueTime`, with errors unshifted.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelayProducer(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

/// Queues the source's events with their arrival times and sends each one when its time
/// has come, from a recursive timer on the scheduler.
///
/// The source and the timer run on different threads, so the queue and the flags live under
/// `lock`, and events are sent after releasing it. Only one of the two sends at a time: the
/// timer while `forwarding` is set, the source (an error) otherwise.
private final class DelaySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// What the timer does next, decided under the lock.
    private enum Step {
        case fail(Swift.Error)
        case send(Event<Element>)
        case wait(since: RxTime)
        case idle
    }

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let sourceSubscription = SingleAssignmentDisposable()
    private let timer = SerialDisposable()

    private let lock = Lock()
    /// The events waiting, with the time each arrived.
    private var queue = PendingQueue<(arrival: RxTime, event: Event<Element>)>()
    /// A timer is scheduled or running.
    private var timerActive = false
    /// The timer is sending events; an error must then wait for it.
    private var forwarding = false
    /// The source's error, once it failed.
    private var failure: Swift.Error?

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, timer)
    }

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            sourceSubscription.dispose()
        }
        switch event {
        case .error(let error):
            // The dropped events are released once the lock is free.
            let (sendNow, _) = lock.locked {
                failure = error
                return (!forwarding, queue.removeAll())
            }
            if sendNow {
                forwardOn(event)
                dispose()
            }
        case .next, .completed:
            let arrival = scheduler.now
            let startTimer: Bool = lock.locked {
                queue.enqueue((arrival, event))
                defer { timerActive = true }
                return !timerActive
            }
            if startTimer {
                timer.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) { _, recurse in
                    self.timerFired(recurse)
                }
            }
        }
    }

    /// Sends the oldest waiting event, then schedules the timer again for the next one (at
    /// its own due time), or stops when none is waiting.
    private func timerFired(_ recurse: AnyRecursiveScheduler<Void>) {
        let failed: Bool = lock.locked {
            if failure != nil { return true }
            forwarding = true
            return false
        }
        if failed { return }
        var sentOne = false
        while true {
            let step: Step = lock.locked {
                if let failure { return .fail(failure) }
                if !sentOne, let item = queue.dequeue() { return .send(item.event) }
                forwarding = false
                if let next = queue.first { return .wait(since: next.arrival) }
                timerActive = false
                return .idle
            }
            switch step {
            case .fail(let error):
                forwardOn(.error(error))
                dispose()
                return
            case .send(let event):
                sentOne = true
                forwardOn(event)
                if event.isStopEvent {
                    dispose()
                    return
                }
            case .wait(let arrival):
                recurse.schedule((), dueTime: remainingDelay(since: arrival))
                return
            case .idle:
                return
            }
        }
    }

    /// The part of `dueTime` still to wait for an event that arrived at `arrival`.
    private func remainingDelay(since arrival: RxTime) -> RxTimeInterval {
        if dueTime == .never { return .never }
        let elapsed = scheduler.now.timeIntervalSince(arrival)
        let elapsedNanoseconds = elapsed >= Double(Int.max) / 1e9 ? Int.max : Int(max(0, elapsed) * 1e9)
        let (remaining, overflow) = dueTime.asNanoseconds.subtractingReportingOverflow(elapsedNanoseconds)
        return .nanoseconds(overflow ? 0 : max(0, remaining))
    }
}

/// The observable behind ``ObservableType/delay(_:scheduler:)``.
private final class DelayProducer<Element>: TimedProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}
