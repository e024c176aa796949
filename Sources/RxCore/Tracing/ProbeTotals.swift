public import RxTraceFormat

/// One probe's exact event counts while tracing, from ``Trace/probeTotals()``.
public struct ProbeTotals: Hashable, Sendable {
    /// The probe's identifier: the name given to `debug(_:)`, or its call site.
    public let identifier: String
    /// The file of the `debug()` call.
    public let file: String
    /// The line of the `debug()` call.
    public let line: Int
    /// How many events of each kind went through it.
    public let counts: TraceProbeTotals

    /// Creates the totals of one probe.
    public init(identifier: String, file: String, line: Int, counts: TraceProbeTotals) {
        self.identifier = identifier
        self.file = file
        self.line = line
        self.counts = counts
    }
}
