/// The live resource counts at one moment of a traced program's run, taken by the tracing
/// runtime's sampler rather than by the program: what lets a trace without marks be judged
/// for leaks (a growth over time).
public struct TraceResourceSample: Hashable, Sendable {
    /// Nanoseconds since the trace started.
    public var timestamp: UInt64
    /// `Resources.total` at the sample; −1 when the program did not count resources (built
    /// without the `TraceResources` trait), with no type counts.
    public var resourcesTotal: Int64
    /// The live count per resource type: string index of the type name, count.
    public var types: [TraceTypeCount]

    /// Creates a sample.
    public init(timestamp: UInt64, resourcesTotal: Int64, types: [TraceTypeCount]) {
        self.timestamp = timestamp
        self.resourcesTotal = resourcesTotal
        self.types = types
    }
}
