/// What went through one probe (one `debug()` call site) over a trace.
public struct ProbeSummary: Sendable, Hashable, Codable {
    /// The probe's index in the trace's probe table.
    public var index: Int
    /// The identifier given to `debug()`, or the default one naming the call site.
    public var identifier: String
    /// The call site's file, as `Module/File.swift`.
    public var file: String
    /// The call site's line.
    public var line: Int
    /// The call site's function.
    public var function: String
    /// Subscriptions: exact when ``countsExact``, else the `subscribed` records kept.
    public var subscriptions: Int
    /// Elements: exact when ``countsExact``, else the `next` records kept.
    public var next: Int
    /// Errors: exact when ``countsExact``, else the `error` records kept.
    public var error: Int
    /// Completions: exact when ``countsExact``, else the `completed` records kept.
    public var completed: Int
    /// Disposals: exact when ``countsExact``, else the `disposed` records kept.
    public var disposed: Int
    /// Whether the five counts above are the trace's exact totals, counted outside the ring
    /// buffer; `false` for a trace without totals, whose counts are those of ``kept``.
    public var countsExact: Bool
    /// The counts of the records the trace kept: what the timeline, the errors and the open
    /// subscriptions are built from. Lower than the exact counts when the ring overflowed.
    public var kept: ProbeEventCounts
    /// Subscriptions still open at the end: subscribed in the records and not disposed, or
    /// listed among the trace's open subscriptions.
    public var open: Int

    /// Creates a probe summary.
    public init(
        index: Int,
        identifier: String,
        file: String,
        line: Int,
        function: String,
        subscriptions: Int = 0,
        next: Int = 0,
        error: Int = 0,
        completed: Int = 0,
        disposed: Int = 0,
        open: Int = 0,
        countsExact: Bool = false,
        kept: ProbeEventCounts? = nil
    ) {
        self.index = index
        self.identifier = identifier
        self.file = file
        self.line = line
        self.function = function
        self.subscriptions = subscriptions
        self.next = next
        self.error = error
        self.completed = completed
        self.disposed = disposed
        self.open = open
        self.countsExact = countsExact
        self.kept =
            kept
            ?? ProbeEventCounts(subscriptions: subscriptions, next: next, error: error, completed: completed, disposed: disposed)
    }

    private enum CodingKeys: String, CodingKey {
        case index, identifier, file, line, function, subscriptions, next, error, completed, disposed, open
        case countsExact, kept
    }

    /// Reads a probe summary from its JSON; `countsExact` and `kept`, added within schema
    /// version 1, may be missing (counts from kept records).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            index: try container.decode(Int.self, forKey: .index),
            identifier: try container.decode(String.self, forKey: .identifier),
            file: try container.decode(String.self, forKey: .file),
            line: try container.decode(Int.self, forKey: .line),
            function: try container.decode(String.self, forKey: .function),
            subscriptions: try container.decode(Int.self, forKey: .subscriptions),
            next: try container.decode(Int.self, forKey: .next),
            error: try container.decode(Int.self, forKey: .error),
            completed: try container.decode(Int.self, forKey: .completed),
            disposed: try container.decode(Int.self, forKey: .disposed),
            open: try container.decode(Int.self, forKey: .open),
            countsExact: try container.decodeIfPresent(Bool.self, forKey: .countsExact) ?? false,
            kept: try container.decodeIfPresent(ProbeEventCounts.self, forKey: .kept)
        )
    }
}
