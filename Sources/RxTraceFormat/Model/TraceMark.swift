/// A labelled moment with the resource counts at that moment; the leak analysis compares marks.
public struct TraceMark: Hashable, Sendable {
    /// Nanoseconds since the trace started.
    public var timestamp: UInt64
    /// The index in ``TraceFile/strings`` of the label given to `Trace.mark(_:)`.
    public var label: UInt32
    /// The index in ``TraceFile/threads`` of the thread that marked.
    public var thread: UInt16
    /// `Resources.total` at the mark; −1 when the program did not count resources (built
    /// without the `TraceResources` trait).
    public var resourcesTotal: Int64
    /// The live count per resource type at the mark: string index of the type name, count.
    public var types: [TraceTypeCount]

    /// Creates a mark.
    public init(timestamp: UInt64, label: UInt32, thread: UInt16, resourcesTotal: Int64, types: [TraceTypeCount]) {
        self.timestamp = timestamp
        self.label = label
        self.thread = thread
        self.resourcesTotal = resourcesTotal
        self.types = types
    }
}
