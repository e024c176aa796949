extension ObservableType {
    /// Sends an element only once `dueTime` has passed without a newer one.
    ///
    /// Each element restarts the timer; when the timer fires, the latest element is sent.
    /// The completion first sends the element still waiting, if any; an error drops it.
    /// Typical use: react to a search field once the user stops typing.
    ///
    /// ```swift
    /// // "R" at 0 ms, "Rx" at 100 ms, "RxSwift" at 200 ms, then a pause:
    /// _ = query.debounce(.milliseconds(300), scheduler: scheduler).subscribe(onNext: { print($0) })
    /// // RxSwift      (at 500 ms)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long the source must stay quiet before its latest element is sent.
    ///   - scheduler: The scheduler that runs the timers and sends the elements.
    /// - Returns: The elements that were not followed by another within `dueTime`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DebounceProducer(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

/// Holds the latest element and the timer that will send it. The source and the timers
/// may run on different threads, so both deliver under one recursive lock.
private final class DebounceSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    /// Counts the elements; a timer only sends if no newer element came after it started.
    private var generation: UInt64 = 0
    private var waiting: Element?

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        let subscription = source.subscribe(self)
        return Disposables.create(subscription, timer)
    }

    func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            lock.performLocked {
                generation &+= 1
                waiting = element
                timer.disposable = scheduler.scheduleRelative(generation, dueTime: dueTime) { generation in
                    self.timerFired(generation)
                    return Disposables.create()
                }
            }
            return
        }
        // Ended under the lock, delivered and torn down after it: a teardown may wait for a
        // lock whose holder waits for ours. The timer forwards nothing once it is claimed.
        let (ended, last): (Bool, Element?) = lock.performLocked {
            defer { waiting = nil }
            guard claimStop() else { return (false, nil) }
            return (true, event.error == nil ? waiting : nil)
        }
        guard ended else { return }
        if let last {
            observer.on(.next(last))
        }
        deliverStop(event)
    }

    private func timerFired(_ firedGeneration: UInt64) {
        lock.performLocked {
            guard firedGeneration == generation, let element = waiting else { return }
            waiting = nil
            forwardOn(.next(element))
        }
    }
}

/// The observable behind ``ObservableType/debounce(_:scheduler:)``.
private final class DebounceProducer<Element>: TimedProducer<Element> {
    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}
