/// One subscription through a probe, as a marble diagram draws it: when it started, its
/// events, and how it ended.
public struct MarbleSubscription: Sendable, Hashable {
    /// The subscription's identifier, as in its records.
    public var subscription: UInt64
    /// The name of the thread of its first record.
    public var thread: String
    /// When it subscribed; `nil` when the `subscribed` record was lost (the ring buffer had
    /// overwritten it), so the line starts at its first kept event.
    public var subscribedAt: UInt64?
    /// Its events in order: the first elements up to the limit, and the terminal event.
    public var events: [MarbleEvent]
    /// Elements after the limit, counted but not kept.
    public var droppedElements: Int
    /// When it was disposed, if it was.
    public var disposedAt: UInt64?

    /// Whether an error or a completion ended it.
    public var isTerminated: Bool {
        events.contains { $0.isTerminal }
    }

    /// Whether it was neither ended nor disposed by the end of the records.
    public var isOpen: Bool {
        !isTerminated && disposedAt == nil
    }

    /// Creates a subscription's line.
    public init(
        subscription: UInt64,
        thread: String,
        subscribedAt: UInt64?,
        events: [MarbleEvent] = [],
        droppedElements: Int = 0,
        disposedAt: UInt64? = nil
    ) {
        self.subscription = subscription
        self.thread = thread
        self.subscribedAt = subscribedAt
        self.events = events
        self.droppedElements = droppedElements
        self.disposedAt = disposedAt
    }

    /// The earliest time the subscription shows (records out of order included).
    var firstTimestamp: UInt64? {
        let times = events.lazy.map(\.timestamp)
        return [subscribedAt, times.min(), disposedAt].compactMap { $0 }.min()
    }

    /// The latest time the subscription shows (records out of order included).
    var lastTimestamp: UInt64? {
        let times = events.lazy.map(\.timestamp)
        return [subscribedAt, times.max(), disposedAt].compactMap { $0 }.max()
    }

    /// The events in time order; events with the same time keep their record order.
    var eventsInTimeOrder: [MarbleEvent] {
        events.enumerated()
            .sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
            .map(\.element)
    }
}
