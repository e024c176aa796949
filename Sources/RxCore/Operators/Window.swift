extension ObservableType {
    /// Splits the sequence into windows, each an observable of consecutive elements, closed
    /// when it holds `count` elements or when `timeSpan` has passed since it opened,
    /// whichever comes first.
    ///
    /// The first window opens on subscription and each closed window is followed at once by
    /// a new one, so a window can be empty. The timer restarts with every window. The
    /// source's completion or error ends the current window and the result with it.
    ///
    /// Disposing the subscription to the windows leaves the source subscribed while
    /// windows are still observed; it is released when the last of them ends.
    ///
    /// ```swift
    /// _ = source.window(timeSpan: .seconds(1), count: 100, scheduler: scheduler)
    ///     .flatMap { window in window.reduce(0, accumulator: +) }
    ///     .subscribe(onNext: { print("sum of one window: \($0)") })
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time a window stays open.
    ///   - count: The most elements a window holds.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence of windows.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        WindowProducer(source: asObservable(), limits: ChunkLimits(timeSpan: timeSpan, count: count, scheduler: scheduler))
    }
}

/// Opens and closes the windows of one subscription.
///
/// The source and the timer may deliver on different threads, so both hold one recursive lock
/// while they update the current window and forward. Each timer is tagged with the id of the
/// window it was started for; a tick for a window already closed because it was full is
/// ignored. Window subscriptions retain `refCount`, which owns the timer and the source
/// subscription.
private final class WindowSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Observable<Element> {
    typealias Parent = WindowProducer<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    private let group = CompositeDisposable()
    private let refCount: RefCountDisposable

    // Guarded by `lock`.
    private var subject = OperatorSubject<Element>()
    private var count = 0
    private var windowID: UInt64 = 0
    private var stopped = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        _ = group.insert(timer)
        refCount = RefCountDisposable(disposable: group)
        super.init(observer: observer, cancel: cancel)
    }

    /// Sends the first window, starts its timer and subscribes to the source.
    ///
    /// - Returns: The primary reference to the timer and the source subscription.
    func run() -> Disposable {
        lock.performLocked {
            forwardOn(.next(RefCountedObservable(source: subject, refCount: refCount)))
            startTimer(for: windowID)
        }
        _ = group.insert(parent.source.subscribe(self))
        return refCount
    }

    func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            lock.performLocked {
                subject.on(.next(element))
                count &+= 1
                if count == parent.limits.count {
                    openNextWindow()
                }
            }
            return
        }
        // Ended under the lock, delivered and torn down after it: a teardown may wait for a
        // lock whose holder waits for ours. No window opens once the source has stopped; the
        // open window ends even when the windows' own subscription is already disposed.
        let (window, ended): (OperatorSubject<Element>, Bool) = lock.performLocked {
            stopped = true
            return (subject, claimStop())
        }
        let stop: Event<Observer.Element> = event.error.map { .error($0) } ?? .completed
        window.on(event.error.map { .error($0) } ?? .completed)
        if ended {
            deliverStop(stop)
        } else {
            dispose()
        }
    }

    /// Completes the current window, sends a new one and starts its timer. Called under the lock.
    private func openNextWindow() {
        count = 0
        windowID &+= 1
        subject.on(.completed)
        subject = OperatorSubject()
        forwardOn(.next(RefCountedObservable(source: subject, refCount: refCount)))
        startTimer(for: windowID)
    }

    /// Schedules the tick that closes window `id`, unless that window is already closed.
    /// Called under the lock.
    private func startTimer(for id: UInt64) {
        guard id == windowID else {
            return
        }
        parent.limits.scheduleTick(for: id, in: timer) { id in
            self.lock.performLocked {
                if id == self.windowID, !self.stopped {
                    self.openNextWindow()
                }
            }
        }
    }
}

/// The observable behind ``ObservableType/window(timeSpan:count:scheduler:)``.
private final class WindowProducer<Element>: Producer<Observable<Element>> {
    let source: Observable<Element>
    let limits: ChunkLimits

    init(source: Observable<Element>, limits: ChunkLimits) {
        self.source = source
        self.limits = limits
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Observable<Element> {
        let sink = WindowSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
