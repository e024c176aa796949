/// The source of the scheduler that ``Driver`` and ``Signal`` deliver on: the main scheduler,
/// unless a test replaces it.
///
/// The scheduler is read when a shared sequence is built (by `asDriver`, `Driver.just`,
/// `debounce` and so on), so a test builds its drivers inside
/// ``mock(scheduler:action:)`` to run them on virtual time:
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// SharingScheduler.mock(scheduler: scheduler) {
///     let xs = scheduler.createHotObservable([.next(210, 1), .error(220, MyError())])
///     let res = scheduler.start { xs.asDriver(onErrorJustReturn: -1) }
///     // res.events == [.next(210, 1), .next(220, -1), .completed(220)]
/// }
/// ```
public enum SharingScheduler {
    /// The replacement installed by ``mock(makeScheduler:action:)`` for the running task (or,
    /// outside any task, the running thread). Read back only on that task or thread.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @TaskLocal private static var mocked: Unchecked<() -> SchedulerType>?

    /// The mock's scheduler maker, or `nil` (always before iOS 13 / macOS 10.15, which have no
    /// task-local values).
    private static var mockedMaker: Unchecked<() -> SchedulerType>? {
        guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else { return nil }
        return mocked
    }

    /// Makes the scheduler shared sequences deliver on: a new ``MainScheduler``, or the
    /// mock's scheduler inside ``mock(scheduler:action:)``.
    ///
    /// As in RxSwift each shared sequence gets its own main scheduler. A main scheduler runs
    /// work at once when called on the idle main queue and queues work scheduled while its
    /// own work runs; with one per sequence, a driver that feeds another driver synchronously
    /// on the main thread (`driverA.drive(relay)` where `relay.asDriver()` is driven) delivers
    /// at once through both instead of queueing the second hop.
    public static var make: () -> SchedulerType {
        if let mocked = mockedMaker {
            return mocked.value
        }
        return { MainScheduler() }
    }

    /// Whether a mock scheduler replaces the main scheduler here and now.
    static var isMocked: Bool {
        mockedMaker != nil
    }

    /// Runs `action` with `scheduler` in place of the main scheduler for the shared sequences
    /// it builds.
    ///
    /// The replacement is bound to the current task (or, outside any task, the current
    /// thread) for the duration of `action`: tests running in parallel each see only their
    /// own mock, and sequences built elsewhere keep the main scheduler. The drivers built
    /// inside `action` may be driven from any thread, even after `action` returned (the
    /// `drive` family insists on the main thread only for drivers of the main scheduler).
    /// Meant for tests.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler to deliver on, usually a `TestScheduler`.
    ///   - action: The code that builds and runs the shared sequences.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with the schedulers `makeScheduler` returns in place of the main
    /// scheduler for the shared sequences it builds.
    ///
    /// - Parameters:
    ///   - makeScheduler: Makes the scheduler each time a shared sequence needs one.
    ///   - action: The code that builds and runs the shared sequences.
    /// Needs iOS 13 / macOS 10.15 or newer (task-local values); older systems stop with a message.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        guard #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) else {
            fatalError("rxtrace: SharingScheduler.mock needs iOS 13 / macOS 10.15 / tvOS 13 / watchOS 6 or newer")
        }
        try $mocked.withValue(Unchecked(makeScheduler), operation: action)
    }
}
