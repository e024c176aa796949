/// `observe(on:)` on a serial dispatch scheduler: events wait in a queue, and one scheduled
/// drain per burst delivers them on the scheduler's queue.
///
/// The source appends under `lock` and schedules a drain only when none is pending. The
/// drain swaps the whole queue for its own (empty) batch array under the lock and delivers
/// the batch without it; the two arrays trade places on every swap and keep their capacity,
/// so steady traffic allocates nothing per element. Events that arrive while a batch is
/// being delivered form the next batch, delivered by a new drain scheduled behind the work
/// already on the queue: a fast source cannot monopolize the queue (the main queue keeps
/// serving its other work), and an observer that makes its source emit again receives the
/// new event after it returns, asynchronously, as with a hop per event. Only one drain is
/// scheduled at a time (a new one only by the previous one, or by the source once the
/// previous one has finished), so `batch` needs no lock.
///
/// Dispose guarantee: the drain checks `isDisposed` before every event, so once `dispose()`
/// has returned on the scheduler's queue, no event is delivered, queued ones included. The
/// queued events are released by `dispose()`; a drain already scheduled still runs (as in
/// RxSwift), finds the sink disposed and returns at once; cancelling it from the disposing
/// thread would only save one empty run.
final class ObserveOnSerialSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let scheduler: SerialDispatchQueueScheduler

    private let lock = Lock()
    /// The events waiting for the drain.
    private var pending: [Event<Element>] = []
    /// A drain is scheduled or running.
    private var drainScheduled = false
    /// A stop event was queued; later events are dropped.
    private var stopped = false
    /// `dispose()` ran.
    private var over = false

    /// The events the running drain delivers; only the drain touches it.
    private var batch: [Event<Element>] = []

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let startDrain: Bool = lock.locked {
            if over || stopped { return false }
            if event.isStopEvent { stopped = true }
            pending.append(event)
            if drainScheduled { return false }
            drainScheduled = true
            return true
        }
        if startDrain {
            scheduleDrain()
        }
    }

    /// Schedules the drain; called by whoever set `drainScheduled`.
    private func scheduleDrain() {
        _ = scheduler.schedule(self) { sink in
            sink.drain()
            return Disposables.create()
        }
    }

    /// Delivers the events queued so far, then schedules the next drain if more arrived.
    private func drain() {
        let hasBatch: Bool = lock.locked {
            if over || pending.isEmpty {
                drainScheduled = false
                return false
            }
            swap(&pending, &batch)
            return true
        }
        guard hasBatch else { return }
        for event in batch {
            if isDisposed { break }
            forwardOn(event)
            if event.isStopEvent {
                dispose()
                break
            }
        }
        batch.removeAll(keepingCapacity: true)
        let more: Bool = lock.locked {
            if over || pending.isEmpty {
                drainScheduled = false
                return false
            }
            return true
        }
        if more {
            scheduleDrain()
        }
    }

    override func dispose() {
        var dropped: [Event<Element>] = []
        lock.locked {
            if over { return }
            over = true
            swap(&dropped, &pending)
        }
        super.dispose()
        // `dropped` releases the queued events here, after the lock.
    }
}
