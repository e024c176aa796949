/// A mark of a trace: a labelled moment with the live resource counts at that moment.
public struct MarkSummary: Sendable, Hashable, Codable {
    /// The label given to `Trace.mark(_:)`.
    public var label: String
    /// Nanoseconds since the trace started.
    public var timestamp: UInt64
    /// The name of the thread that marked.
    public var thread: String
    /// `Resources.total` at the mark; negative when the program did not count resources
    /// (built without the TraceResources trait): see ``counted``.
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

    /// Whether the program counted resources at this mark. A program built without the
    /// TraceResources trait marks no counts; in JSON its `resourcesTotal` is `null` and
    /// `counted` is `false`.
    public var counted: Bool { resourcesTotal >= 0 }

    private enum CodingKeys: String, CodingKey {
        case label, timestamp, thread, resourcesTotal, counted, types
    }

    /// Reads a mark; `resourcesTotal` may be `null` (not counted) or, in JSON written before
    /// `counted` existed, `-1`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        timestamp = try container.decode(UInt64.self, forKey: .timestamp)
        thread = try container.decode(String.self, forKey: .thread)
        let total = try container.decodeIfPresent(Int.self, forKey: .resourcesTotal)
        let counted = try container.decodeIfPresent(Bool.self, forKey: .counted) ?? (total.map { $0 >= 0 } ?? false)
        resourcesTotal = counted ? max(total ?? 0, 0) : -1
        types = try container.decode([ResourceTypeCount].self, forKey: .types)
    }

    /// Writes a mark; a mark without counts has `"resourcesTotal": null, "counted": false`
    /// instead of a number no one should add up.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(thread, forKey: .thread)
        if counted {
            try container.encode(resourcesTotal, forKey: .resourcesTotal)
        } else {
            try container.encodeNil(forKey: .resourcesTotal)
            try container.encode(false, forKey: .counted)
        }
        try container.encode(types, forKey: .types)
    }
}
