/// A subscription through a probe that was still open when the trace was written.
public struct TraceOpenSubscription: Hashable, Sendable {
    /// The subscription's identifier, as in its records.
    public var subscription: UInt64
    /// The index of the probe in ``TraceFile/probes``.
    public var probe: UInt32
    /// The index in ``TraceFile/threads`` of the thread that subscribed.
    public var thread: UInt16
    /// When it subscribed, in nanoseconds since the trace started.
    public var subscribedAt: UInt64

    /// Creates an open-subscription entry.
    public init(subscription: UInt64, probe: UInt32, thread: UInt16, subscribedAt: UInt64) {
        self.subscription = subscription
        self.probe = probe
        self.thread = thread
        self.subscribedAt = subscribedAt
    }
}
