/// A subscription through a probe that was still open when the trace was written: a leak
/// suspect.
public struct OpenSubscriptionSummary: Sendable, Hashable, Codable {
    /// The subscription's identifier, as in its records.
    public var subscription: UInt64
    /// The probe's identifier.
    public var probe: String
    /// The probe's index in the trace's probe table.
    public var probeIndex: Int
    /// When it subscribed, in nanoseconds since the trace started.
    public var subscribedAt: UInt64
    /// How long it had been open when the trace was written, in nanoseconds (the dump time
    /// minus ``subscribedAt``; 0 if that is negative).
    public var ageNanoseconds: UInt64
    /// The name of the thread that subscribed.
    public var thread: String
    /// Whether the trace listed it among its open subscriptions; `false` when only its
    /// records show it open (subscribed, never disposed).
    public var listed: Bool

    /// Creates an open-subscription summary.
    public init(
        subscription: UInt64,
        probe: String,
        probeIndex: Int,
        subscribedAt: UInt64,
        ageNanoseconds: UInt64,
        thread: String,
        listed: Bool
    ) {
        self.subscription = subscription
        self.probe = probe
        self.probeIndex = probeIndex
        self.subscribedAt = subscribedAt
        self.ageNanoseconds = ageNanoseconds
        self.thread = thread
        self.listed = listed
    }
}
