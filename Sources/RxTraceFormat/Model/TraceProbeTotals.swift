/// How many events of each kind went through one probe since the trace started, counted
/// outside the ring buffer.
///
/// The ring buffer keeps only the newest records, so counting a probe's records gives only
/// what was kept; these totals are counted as the events happen and stay exact however many
/// records were overwritten. A trace file holds them in its probe totals section (format
/// version 1.1); older files have none.
public struct TraceProbeTotals: Hashable, Sendable {
    /// `subscribed` events.
    public var subscribed: UInt64
    /// `next` events: elements.
    public var next: UInt64
    /// `error` events.
    public var error: UInt64
    /// `completed` events.
    public var completed: UInt64
    /// `disposed` events.
    public var disposed: UInt64

    /// Creates totals from their counts.
    public init(subscribed: UInt64 = 0, next: UInt64 = 0, error: UInt64 = 0, completed: UInt64 = 0, disposed: UInt64 = 0) {
        self.subscribed = subscribed
        self.next = next
        self.error = error
        self.completed = completed
        self.disposed = disposed
    }

    /// The count of events of `kind`.
    public subscript(kind: TraceEventKind) -> UInt64 {
        get {
            switch kind {
            case .subscribed: subscribed
            case .next: next
            case .error: error
            case .completed: completed
            case .disposed: disposed
            }
        }
        set {
            switch kind {
            case .subscribed: subscribed = newValue
            case .next: next = newValue
            case .error: error = newValue
            case .completed: completed = newValue
            case .disposed: disposed = newValue
            }
        }
    }
}
