import Foundation

/// A scheduler whose clock moves only when its queue is run: time is simulated, so timed
/// code runs instantly and deterministically.
///
/// Work is queued with a due time in virtual time; ``start()`` runs every item in order of due
/// time (items due at the same time in the order they were scheduled) and moves ``clock`` to
/// each item's time before running it. ``advanceTo(_:)`` runs only the items due up to a
/// time, ``sleep(_:)`` moves the clock without running anything, and ``stop()`` ends a run.
/// Disposing the disposable a `schedule` call returned before the item runs cancels it.
///
/// The scheduler is single-threaded: schedule, run and inspect it from one thread (the test's).
/// Subclasses customise when work is due by overriding ``adjustScheduledTime(_:)``.
///
/// ```swift
/// let scheduler = HistoricalScheduler()
/// _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
///     print(scheduler.now.timeIntervalSince1970)
///     return Disposables.create()
/// }
/// scheduler.start()
/// // 5.0
/// ```
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType {
    /// A point in virtual time.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span of virtual time.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let converter: Converter
    private var queue: VirtualSchedulerQueue<VirtualTime>
    private var currentClock: VirtualTime
    private var running = false
    private var nextID = 0

    /// Creates a scheduler with its clock at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: The virtual time the clock starts at.
    ///   - converter: Converts between virtual and real time.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.converter = converter
        self.currentClock = initialClock
        self.queue = VirtualSchedulerQueue(compare: converter.compareVirtualTime)
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    /// The current virtual time.
    public var clock: VirtualTime {
        currentClock
    }

    /// The current virtual time as real time.
    public var now: RxTime {
        converter.convertFromVirtualTime(currentClock)
    }

    /// Whether ``start()`` or ``advanceTo(_:)`` is running the queue.
    public var isRunning: Bool {
        running
    }

    /// Schedules `action` to run as soon as possible: at the current time, after the work
    /// already due then (as ``adjustScheduledTime(_:)`` decides).
    ///
    /// - Returns: A disposable that cancels the work if it has not run.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    /// Schedules `action` to run `dueTime` from now, converted to virtual time and passed
    /// through ``adjustScheduledTime(_:)``. A `.never` due time schedules nothing.
    ///
    /// - Returns: A disposable that cancels the work if it has not run.
    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        if dueTime == .never {
            return Disposables.create()
        }
        let interval = converter.convertToVirtualTimeInterval(dueTime.asSeconds)
        let time = converter.offsetVirtualTime(currentClock, offset: interval)
        return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
    }

    /// Schedules `action` to run `dueTime` virtual units after the current clock, without
    /// adjustment.
    ///
    /// - Returns: A disposable that cancels the work if it has not run.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType,
        dueTime: VirtualTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = converter.offsetVirtualTime(currentClock, offset: dueTime)
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules `action` to run at the virtual time `time`, without adjustment. Work due
    /// in the past runs next, in scheduling order, without moving the clock back.
    ///
    /// - Returns: A disposable that cancels the work if it has not run.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType,
        time: VirtualTime,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let item = VirtualSchedulerItem(time: time, id: nextID) {
            action(state)
        }
        nextID += 1
        queue.enqueue(item)
        return item
    }

    /// Decides the virtual time work scheduled through ``schedule(_:action:)`` and
    /// ``scheduleRelative(_:dueTime:action:)`` is due at. The base returns `time` unchanged.
    ///
    /// - Parameter time: The requested due time.
    /// - Returns: The due time to use.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs queued work in order until the queue is empty or ``stop()`` is called.
    ///
    /// Before each item runs, the clock moves to its due time when that is later. Work the
    /// items schedule runs in the same pass. Calling `start()` during a run does nothing.
    public func start() {
        if running { return }
        running = true
        defer { running = false }
        while running, let item = dequeueNext() {
            if converter.compareVirtualTime(item.time, currentClock).isGreaterThan {
                currentClock = item.time
            }
            item.invoke()
        }
    }

    /// Runs the work due at or before `virtualTime`, then sets the clock to `virtualTime`.
    ///
    /// Like RxSwift, the clock is set to `virtualTime` even when that is earlier than the
    /// clock, and even when ``stop()`` ended the run early.
    ///
    /// - Parameter virtualTime: The time to advance to.
    /// - Precondition: The scheduler is not running.
    public func advanceTo(_ virtualTime: VirtualTime) {
        if running {
            rxFatalError("VirtualTimeScheduler.advanceTo: the scheduler is already running")
        }
        running = true
        defer { running = false }
        while running, let next = queue.first {
            if next.isDisposed {
                _ = queue.dequeue()
                continue
            }
            if converter.compareVirtualTime(next.time, virtualTime).isGreaterThan { break }
            _ = queue.dequeue()
            if converter.compareVirtualTime(next.time, currentClock).isGreaterThan {
                currentClock = next.time
            }
            next.invoke()
        }
        currentClock = virtualTime
    }

    /// Moves the clock forward by `virtualInterval` without running any work.
    ///
    /// - Parameter virtualInterval: How far to move the clock.
    /// - Precondition: The interval does not move the clock into the past.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let sleepTo = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
        if converter.compareVirtualTime(sleepTo, currentClock).isLessThan {
            rxFatalError("VirtualTimeScheduler.sleep: cannot sleep into the past")
        }
        currentClock = sleepTo
    }

    /// Ends the current run of ``start()`` or ``advanceTo(_:)`` after the item in progress.
    public func stop() {
        running = false
    }

    /// Removes disposed items from the front and returns the next item to run, dequeued.
    private func dequeueNext() -> VirtualSchedulerItem<VirtualTime>? {
        while let item = queue.dequeue() {
            if !item.isDisposed { return item }
        }
        return nil
    }
}

/// One unit of work waiting in a ``VirtualTimeScheduler``'s queue.
///
/// Disposing it before it runs cancels it and releases the action at once (and whatever the
/// action captured); disposing it after it ran disposes what the action returned.
final class VirtualSchedulerItem<Time>: Cancelable {
    /// When the work is due.
    let time: Time
    /// The order of scheduling: breaks ties between items due at the same time.
    let id: Int

    private var action: (() -> Disposable)?
    private let disposable = SingleAssignmentDisposable()

    init(time: Time, id: Int, action: @escaping () -> Disposable) {
        self.time = time
        self.id = id
        self.action = action
        ResourceCounter.allocated(self)
    }

    deinit {
        ResourceCounter.deallocated(self)
    }

    var isDisposed: Bool {
        disposable.isDisposed
    }

    /// Runs the action unless the item was disposed; the action runs at most once.
    func invoke() {
        guard !disposable.isDisposed, let action else { return }
        self.action = nil
        disposable.setDisposable(action())
    }

    func dispose() {
        action = nil
        disposable.dispose()
    }
}
