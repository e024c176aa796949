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
    /// `subscribed` records.
    public var subscriptions: Int
    /// `next` records: elements.
    public var next: Int
    /// `error` records.
    public var error: Int
    /// `completed` records.
    public var completed: Int
    /// `disposed` records.
    public var disposed: Int
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
        open: Int = 0
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
    }
}
