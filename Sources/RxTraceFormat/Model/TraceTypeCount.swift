/// A live count for one resource type.
public struct TraceTypeCount: Hashable, Sendable {
    /// The index in ``TraceFile/strings`` of the type's name.
    public var name: UInt32
    /// The live count.
    public var count: Int64

    /// Creates a count.
    public init(name: UInt32, count: Int64) {
        self.name = name
        self.count = count
    }
}
