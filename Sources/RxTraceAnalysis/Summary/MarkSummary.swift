/// A mark of a trace: a labelled moment with the live resource counts at that moment.
public struct MarkSummary: Sendable, Hashable, Codable {
    /// The label given to `Trace.mark(_:)`.
    public var label: String
    /// Nanoseconds since the trace started.
    public var timestamp: UInt64
    /// The name of the thread that marked.
    public var thread: String
    /// `Resources.total` at the mark.
    public var resourcesTotal: Int
    /// The live count per type at the mark, by name.
    public var types: [ResourceTypeCount]

    /// Creates a mark summary.
    public init(label: String, timestamp: UInt64, thread: String, resourcesTotal: Int, types: [ResourceTypeCount]) {
        self.label = label
        self.timestamp = timestamp
        self.thread = thread
        self.resourcesTotal = resourcesTotal
        self.types = types
    }
}
