/// The live resource counts at one moment: the total and the count per type.
///
/// Type names are the core's class names with their generic arguments, such as
/// `MapSink<Int, String>`; types with no live instance are left out.
public struct ResourceSnapshot: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number of live resources.
    public let total: Int
    /// The live count per type name; types at zero are omitted.
    public let types: [String: Int]

    /// Creates a snapshot from its counts; zero counts are dropped.
    public init(total: Int, types: [String: Int]) {
        self.total = total
        self.types = types.filter { $0.value != 0 }
    }

    /// The change per type from `earlier` to this snapshot; unchanged types are omitted.
    ///
    /// - Parameter earlier: The snapshot to compare against.
    /// - Returns: The count difference per type name, positive where this snapshot has more.
    public func difference(from earlier: ResourceSnapshot) -> [String: Int] {
        var result: [String: Int] = [:]
        for name in Set(types.keys).union(earlier.types.keys) {
            let change = (types[name] ?? 0) - (earlier.types[name] ?? 0)
            if change != 0 { result[name] = change }
        }
        return result
    }

    /// The counts as `total N` followed by one `name: count` line per type, largest first.
    public var description: String {
        let lines = types.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { "  \($0.key): \($0.value)" }
        return (["total \(total)"] + lines).joined(separator: "\n")
    }
}
