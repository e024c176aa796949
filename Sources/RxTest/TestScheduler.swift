import RxCore

/// A virtual time scheduler for tests, with time in integer ticks: it creates observables
/// that send events at given times and observers that record when events arrive.
///
/// With `simulateProcessingDelay` on (the default), work scheduled for the current time or the
/// past runs one tick later, as if processing took time; this keeps a subscription made at 200
/// from receiving work scheduled "now" at 200 itself. A `resolution` of `r` makes one tick last
/// `r` seconds: a delay of `d` seconds lasts `d / r` ticks, rounded to the nearest tick.
///
/// The scheduler is single-threaded and not `Sendable`: use it from the test's thread.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// // res.events == [.next(210, 20), .completed(300)]
/// // xs.subscriptions == [Subscription(200, 300)]
/// ```
open class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> {
    /// The default times of ``start(created:subscribed:disposed:create:)``.
    public struct Defaults {
        /// When the observable under test is created: 100.
        public static let created: TestTime = 100
        /// When it is subscribed: 200.
        public static let subscribed: TestTime = 200
        /// When the subscription is disposed: 1000.
        public static let disposed: TestTime = 1000
    }

    private let simulateProcessingDelay: Bool
    private var logs: [SubscriptionLog] = []

    /// Creates a test scheduler.
    ///
    /// - Parameters:
    ///   - initialClock: The tick the clock starts at.
    ///   - resolution: The length of one tick in seconds.
    ///   - simulateProcessingDelay: Whether work scheduled for now or the past runs one tick later.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// Moves work scheduled for the current time or the past to the current time, plus one
    /// tick when simulating processing delay; later times are kept.
    ///
    /// - Parameter time: The requested due time.
    /// - Returns: The due time to use.
    open override func adjustScheduledTime(_ time: TestTime) -> TestTime {
        if time <= clock {
            return simulateProcessingDelay ? clock + 1 : clock
        }
        return time
    }

    /// Creates an observable that sends `events` at their absolute times, to the observers
    /// subscribed at that moment.
    ///
    /// - Parameter events: The events and their times.
    /// - Returns: The observable; it records its subscriptions.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events, log: makeLog(kind: "hot"))
    }

    /// Creates an observable that, for each subscription, sends `events` at their times
    /// relative to the subscription.
    ///
    /// - Parameter events: The events and their relative times.
    /// - Returns: The observable; it records its subscriptions.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events, log: makeLog(kind: "cold"))
    }

    /// Creates an observer that records the events it receives with their arrival times.
    ///
    /// - Parameter type: The element type.
    /// - Returns: The observer.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Schedules `action` at the absolute time `time`, without processing delay.
    ///
    /// - Parameters:
    ///   - time: When to run the action.
    ///   - action: The work.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Creates an observable at `created`, subscribes an observer to it at `subscribed`,
    /// disposes the subscription at `disposed`, runs the scheduler to the end and returns the
    /// observer with the events it recorded.
    ///
    /// - Parameters:
    ///   - created: When `create` is called.
    ///   - subscribed: When the observer subscribes.
    ///   - disposed: When the subscription is disposed.
    ///   - create: Creates the observable under test.
    /// - Returns: The observer that recorded the events.
    /// - Precondition: `created <= subscribed <= disposed`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime,
        subscribed: TestTime,
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        precondition(
            created <= subscribed && subscribed <= disposed,
            "TestScheduler.start: expected created <= subscribed <= disposed, got \(created), \(subscribed), \(disposed)")
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)

        scheduleAt(created) {
            source = create().asObservable()
        }
        scheduleAt(subscribed) {
            subscription = source?.subscribe(observer)
        }
        scheduleAt(disposed) {
            subscription?.dispose()
            subscription = nil
            source = nil
        }
        start()
        return observer
    }

    /// Creates an observable at ``Defaults/created``, subscribes at ``Defaults/subscribed``,
    /// disposes at `disposed` and runs the scheduler to the end.
    ///
    /// - Parameters:
    ///   - disposed: When the subscription is disposed.
    ///   - create: Creates the observable under test.
    /// - Returns: The observer that recorded the events.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// Creates an observable at 100, subscribes at 200, disposes at 1000 (the ``Defaults``)
    /// and runs the scheduler to the end.
    ///
    /// - Parameter create: Creates the observable under test.
    /// - Returns: The observer that recorded the events.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }

    /// The subscriptions to this scheduler's testable observables that have not been disposed,
    /// grouped by observable in creation order; observables without open subscriptions are left out.
    public var openSubscriptions: [OpenSubscriptions] {
        logs.compactMap { log in
            let open = log.subscriptions.filter(\.isOpen)
            if open.isEmpty { return nil }
            return OpenSubscriptions(observableDescription: log.observableDescription, subscriptions: open)
        }
    }

    /// A message listing the open subscriptions, or `nil` when there are none.
    ///
    /// - Returns: The text of ``OpenSubscriptions/message(for:at:)`` at the current clock.
    public func openSubscriptionsMessage() -> String? {
        OpenSubscriptions.message(for: openSubscriptions, at: clock)
    }

    private func makeLog(kind: String) -> SubscriptionLog {
        let log = SubscriptionLog(observableDescription: "\(kind) observable #\(logs.count + 1) (created at \(clock))")
        logs.append(log)
        return log
    }
}
