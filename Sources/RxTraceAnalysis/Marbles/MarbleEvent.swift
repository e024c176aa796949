/// One event of a subscription in a marble diagram: an element, an error or the completion.
public struct MarbleEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// An element, as text.
        case next(String)
        /// The sequence failed; the error's description.
        case error(String)
        /// The sequence completed.
        case completed
    }

    /// Nanoseconds since the trace started.
    public var timestamp: UInt64
    /// What happened.
    public var kind: Kind

    /// Whether the event ends the sequence (an error or the completion).
    public var isTerminal: Bool {
        if case .next = kind { return false }
        return true
    }

    /// Creates an event.
    public init(timestamp: UInt64, kind: Kind) {
        self.timestamp = timestamp
        self.kind = kind
    }
}
