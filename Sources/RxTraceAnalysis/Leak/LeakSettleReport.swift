/// How the settle steps of an in-process leak check went: whether waiting for the scenario's
/// pending scheduled work ever ran out of time, since a timeout means counting work that was
/// still under way.
public struct LeakSettleReport: Sendable, Hashable, Codable {
    /// The settles (one after each run) that reached their timeout with work still pending or
    /// counts still moving.
    public var timeouts: Int
    /// Pending scheduled items left when the last timeout was reached (0 without a timeout).
    public var pendingAtTimeout: Int
    /// Pending items due later than a settle could wait (a long timer), seen after the last run:
    /// they are counted as live.
    public var dueLater: Int
    /// The longest settle, in nanoseconds.
    public var longestWaitNanoseconds: Int

    /// Creates a settle report.
    public init(timeouts: Int = 0, pendingAtTimeout: Int = 0, dueLater: Int = 0, longestWaitNanoseconds: Int = 0) {
        self.timeouts = timeouts
        self.pendingAtTimeout = pendingAtTimeout
        self.dueLater = dueLater
        self.longestWaitNanoseconds = longestWaitNanoseconds
    }
}
