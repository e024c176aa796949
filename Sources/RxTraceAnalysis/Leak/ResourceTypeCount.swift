/// A live count for one resource type, by name.
public struct ResourceTypeCount: Sendable, Hashable, Codable {
    /// The type's name, such as `RxCore.AnonymousObserver<Int>`.
    public var name: String
    /// The live count.
    public var count: Int

    /// Creates a count.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}
