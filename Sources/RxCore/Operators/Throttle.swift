import Foundation

extension ObservableType {
    /// Sends at most one element per `dueTime`: the first element at once, then, if `latest`
    /// is `true`, the latest element of each window when the window ends.
    ///
    /// An element that arrives at least `dueTime` after the last one sent goes out at once
    /// and opens a new window. Elements inside a window are dropped when `latest` is `false`;
    /// when it is `true` the newest of them is kept and sent when the window ends, opening
    /// the next window. A completion that arrives while an element waits is delayed until
    /// that element is sent; an error drops it.
    ///
    /// ```swift
    /// // Taps at 0, 100, 200 and 700 ms:
    /// _ = taps.throttle(.milliseconds(500), scheduler: scheduler).subscribe(onNext: { print($0) })
    /// // tap 1        (at 0 ms)
    /// // tap 3        (at 500 ms, the latest of the window)
    /// // tap 4        (at 1000 ms)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The shortest time between two elements sent.
    ///   - latest: Whether the latest element of a window is sent when the window ends.
    ///   - scheduler: The scheduler whose clock measures the windows and that sends the
    ///     delayed elements.
    /// - Returns: The throttled sequence.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        ThrottleProducer(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

/// Sends elements at most once per window. The source and the window timer may run on
/// different threads, so both deliver under one recursive lock.
private final class ThrottleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: SchedulerType
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()

    /// When the last element was sent; `nil` before the first one.
    private var lastSent: RxTime?
    /// The element that waits for the end of the window.
    private var waiting: Element?
    /// Whether the source completed while an element was waiting.
    private var completedWhileWaiting = false

    init(dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        let subscription = source.subscribe(self)
        return Disposables.create(subscription, timer)
    }

    func on(_ event: Event<Element>) {
        var ending: Event<Element>?
        lock.performLocked {
            switch event {
            case .next(let element):
                let remaining = remainingWindow()
                if remaining <= 0 {
                    send(element)
                    return
                }
                guard latest else { return }
                let timerRunning = waiting != nil
                waiting = element
                if timerRunning { return }
                timer.disposable = scheduler.scheduleRelative((), dueTime: .nanoseconds(remaining)) { _ in
                    self.windowEnded()
                    return Disposables.create()
                }
            case .error:
                waiting = nil
                ending = claimStop() ? event : nil
            case .completed:
                if waiting != nil {
                    completedWhileWaiting = true
                } else {
                    ending = claimStop() ? event : nil
                }
            }
        }
        // Delivered and torn down after the lock is released: a teardown may wait for a lock
        // whose holder waits for ours.
        if let ending {
            deliverStop(ending)
        }
    }

    /// The nanoseconds left in the current window, zero or less when there is none.
    private func remainingWindow() -> Int {
        guard let lastSent else { return 0 }
        // A clock that went back counts as no time elapsed.
        let elapsed = max(0, scheduler.now.timeIntervalSince(lastSent)) * 1_000_000_000
        let window = dueTime.asNanoseconds
        guard elapsed < Double(window) else { return 0 }
        return window - Int(elapsed.rounded())
    }

    private func send(_ element: Element) {
        waiting = nil
        forwardOn(.next(element))
        lastSent = scheduler.now
    }

    private func windowEnded() {
        let ended: Bool = lock.performLocked {
            if let element = waiting {
                send(element)
            }
            return completedWhileWaiting && claimStop()
        }
        if ended {
            deliverStop(.completed)
        }
    }
}

/// The observable behind ``ObservableType/throttle(_:latest:scheduler:)``.
private final class ThrottleProducer<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ThrottleSink(dueTime: dueTime, latest: latest, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}
