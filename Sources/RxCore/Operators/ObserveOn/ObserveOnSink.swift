/// `observe(on:)` on any scheduler: events wait in a queue, and a recursive schedule delivers
/// them one per step.
///
/// The source enqueues under `lock` and starts the recursion when it is not running; each
/// step sends one event (without the lock) and asks for another step while events wait.
final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let scheduler: ImmediateSchedulerType
    private let recursion = SerialDisposable()

    private let lock = Lock()
    /// The events waiting for a step.
    private var queue = PendingQueue<Event<Element>>()
    /// The recursion is scheduled or running.
    private var running = false
    /// A stop event was queued; later events are dropped.
    private var stopped = false

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let start: Bool = lock.locked {
            if stopped { return false }
            if event.isStopEvent { stopped = true }
            queue.enqueue(event)
            if running { return false }
            running = true
            return true
        }
        guard start else { return }
        recursion.disposable = scheduler.scheduleRecursive(()) { _, recurse in
            self.step(recurse)
        }
    }

    /// Sends the oldest waiting event and schedules the next step while more are waiting.
    private func step(_ recurse: (()) -> Void) {
        let next: Event<Element>? = lock.locked {
            if let event = queue.dequeue() { return event }
            running = false
            return nil
        }
        guard let next, !isDisposed else { return }
        forwardOn(next)
        if next.isStopEvent {
            dispose()
            return
        }
        let more: Bool = lock.locked {
            if queue.isEmpty {
                running = false
                return false
            }
            return true
        }
        if more {
            recurse(())
        }
    }

    override func dispose() {
        super.dispose()
        recursion.dispose()
        // The waiting events are released after the lock.
        _ = lock.locked { queue.removeAll() }
    }
}
