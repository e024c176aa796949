/// Runs work on the current thread, queueing nested work until the outer work finishes.
///
/// The first `schedule` on a thread runs its action at once and then drains, in order, all
/// work scheduled from inside it (a trampoline), so recursive sequences never grow the stack.
/// Subscriptions go through it, which is why synchronous sources such as `of` deliver in
/// order even when subscribed from inside another subscription.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private static let trampoline = ThreadLocal<Trampoline>()

    private init() {}

    /// Whether a `schedule` call on this thread would run at once (no trampoline is running
    /// on this thread), rather than be queued.
    public static var isScheduleRequired: Bool {
        trampoline.value?.isRunning != true
    }

    /// Runs `body` at once; when no trampoline runs on this thread, as this thread's
    /// trampoline, then drains the work it queued.
    ///
    /// `Producer.subscribe`'s path: unlike ``schedule(_:action:)`` it takes a non-escaping
    /// closure, so a subscription does not allocate a closure context to run `connect`, and it
    /// returns the disposable itself rather than an optional one, whose wrapping and unwrapping
    /// go through outlined existential copies.
    @inline(__always)
    static func runAsTrampoline(_ body: () -> Disposable) -> Disposable {
        let trampoline = Self.trampoline.value(orMake: Trampoline.init)
        if trampoline.isRunning {
            return body()
        }
        trampoline.isRunning = true
        let disposable = body()
        trampoline.drain()
        trampoline.isRunning = false
        return disposable
    }

    /// Runs `action` now if no trampoline is running on this thread, else queues it to run
    /// after the work in progress.
    ///
    /// - Returns: A disposable that cancels queued work before it runs.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Self.trampoline.value(orMake: Trampoline.init)
        if trampoline.isRunning {
            let item = ScheduledItem(action: action, state: state)
            trampoline.enqueue(item)
            return item
        }
        trampoline.isRunning = true
        defer {
            trampoline.isRunning = false
        }
        let disposable = action(state)
        trampoline.drain()
        return disposable
    }
}

/// The queue of one thread's trampoline.
///
/// Each item leaves the queue before it runs and is released once it has run, so a recursive
/// source (`range`, `from`, `repeatElement`), which queues its next step from the current
/// one, keeps one item alive at a time however long it runs.
private final class Trampoline {
    // Thread-confined (one trampoline per thread): no run-time exclusivity checks needed.
    @exclusivity(unchecked) var isRunning = false
    @exclusivity(unchecked) private var queue = PendingQueue<ScheduledItemType>()

    func enqueue(_ item: ScheduledItemType) {
        queue.enqueue(item)
    }

    func drain() {
        while let item = queue.dequeue() {
            if !item.isDisposed {
                item.invoke()
            }
        }
    }
}
