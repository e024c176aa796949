/// How many events of each kind a probe saw, by one way of counting: the records the trace
/// kept, or the totals counted outside the ring buffer.
public struct ProbeEventCounts: Sendable, Hashable, Codable {
    /// Subscriptions (`subscribed` events).
    public var subscriptions: Int
    /// Elements (`next` events).
    public var next: Int
    /// Errors.
    public var error: Int
    /// Completions.
    public var completed: Int
    /// Disposals.
    public var disposed: Int

    /// Creates counts from their values.
    public init(subscriptions: Int = 0, next: Int = 0, error: Int = 0, completed: Int = 0, disposed: Int = 0) {
        self.subscriptions = subscriptions
        self.next = next
        self.error = error
        self.completed = completed
        self.disposed = disposed
    }
}
