/// An error that went through a probe.
public struct ErrorSummary: Sendable, Hashable, Codable {
    /// The probe's identifier.
    public var probe: String
    /// The probe's index in the trace's probe table.
    public var probeIndex: Int
    /// The subscription that failed.
    public var subscription: UInt64
    /// When, in nanoseconds since the trace started.
    public var timestamp: UInt64
    /// The name of the thread it happened on.
    public var thread: String
    /// The error's description (cut to the trace's value limit when it was recorded).
    public var description: String

    /// Creates an error summary.
    public init(probe: String, probeIndex: Int, subscription: UInt64, timestamp: UInt64, thread: String, description: String) {
        self.probe = probe
        self.probeIndex = probeIndex
        self.subscription = subscription
        self.timestamp = timestamp
        self.thread = thread
        self.description = description
    }
}
