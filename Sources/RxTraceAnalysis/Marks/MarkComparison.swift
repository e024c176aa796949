/// Two marks' resource counts compared type by type, for a before-and-after view of a change
/// (what `rxtrace diff` prints).
public struct MarkComparison: Sendable, Hashable {
    /// A type whose live count differs between the two marks.
    public struct TypeChange: Sendable, Hashable {
        /// The type's name.
        public var name: String
        /// The live count at the first mark (0 when the type is not listed there).
        public var before: Int
        /// The live count at the second mark (0 when the type is not listed there).
        public var after: Int

        /// Creates a change.
        public init(name: String, before: Int, after: Int) {
            self.name = name
            self.before = before
            self.after = after
        }

        /// `after - before`, exact: counts read from a file may be anywhere in `Int`.
        public var change: Int128 { Int128(after) - Int128(before) }
    }

    /// The first mark.
    public let before: MarkSummary
    /// The second mark.
    public let after: MarkSummary
    /// The types whose count differs, largest change (either way) first, then by name.
    public let changed: [TypeChange]
    /// How many types have the same count at both marks.
    public let unchangedCount: Int

    /// Compares `before` with `after`.
    public init(before: MarkSummary, after: MarkSummary) {
        self.before = before
        self.after = after
        let first = Dictionary(before.types.map { ($0.name, $0.count) }, uniquingKeysWith: Self.sum)
        let second = Dictionary(after.types.map { ($0.name, $0.count) }, uniquingKeysWith: Self.sum)
        let rows = Set(first.keys).union(second.keys).map { name in
            TypeChange(name: name, before: first[name] ?? 0, after: second[name] ?? 0)
        }
        changed = rows.filter { $0.before != $0.after }.sorted {
            ($0.change.magnitude, $1.name) > ($1.change.magnitude, $0.name)
        }
        unchangedCount = rows.count - changed.count
    }

    /// The change of `Resources.total` from the first mark to the second; `nil` when either was
    /// not counted (a program built without the TraceResources trait).
    public var totalChange: Int128? {
        guard before.counted, after.counted else { return nil }
        return Int128(after.resourcesTotal) - Int128(before.resourcesTotal)
    }

    /// Adds two counts of the same name, saturating like `TraceFile.typeCounts(_:)`.
    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}
