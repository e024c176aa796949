/// The scheduled work of a ``ResourceScope`` still waiting to run: what a leak check waits for
/// before it counts, so that a timer or a dispatch hop the scenario started is not taken for a
/// leak, and what the hop allocates is seen.
///
/// Work is pending from the moment a scheduler arms it (a dispatch `async`, a one-shot timer,
/// an operation) until its action has returned or it was cancelled. Repeating work (an
/// `interval`) never finishes and is not pending; neither is work due `.never`.
public struct PendingWork: Sendable, Hashable {
    /// Pending items due within the horizon asked for, overdue ones included.
    public let dueSoon: Int
    /// Pending items due after the horizon.
    public let dueLater: Int

    /// Creates a count of pending work.
    public init(dueSoon: Int, dueLater: Int) {
        self.dueSoon = dueSoon
        self.dueLater = dueLater
    }

    /// All pending items.
    public var total: Int {
        dueSoon + dueLater
    }
}
