import RxCore

/// An observable that sends prepared events at prepared virtual times and records every
/// subscription: what ``TestScheduler/createHotObservable(_:)`` and
/// ``TestScheduler/createColdObservable(_:)`` return.
///
/// ```swift
/// let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 2 } }
/// XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
/// ```
public class TestableObservable<Element>: ObservableType {
    /// The events the observable sends, with their times (absolute for a hot observable,
    /// relative to each subscription for a cold one).
    public let recordedEvents: [Recorded<Event<Element>>]

    /// The scheduler the events are sent on.
    let testScheduler: TestScheduler

    let log: SubscriptionLog

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>], log: SubscriptionLog) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
        self.log = log
    }

    /// Every subscription so far, in the order made; open ones have an `unsubscribe` of `Int.max`.
    public var subscriptions: [Subscription] {
        log.subscriptions
    }

    /// Subscribes `observer` to the prepared events and records the subscription.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that ends the subscription and records its end time.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        fatalError("TestableObservable.subscribe: abstract method, a subclass must override it")
    }
}

extension TestableObservable: CustomDebugStringConvertible {
    /// The observable's description and its recorded events.
    public var debugDescription: String {
        "\(log.observableDescription): \(recordedEvents)"
    }
}
