/// Everything a trace file holds except its records, which are streamed: the header, the
/// string table, and the tables that records and marks refer to.
///
/// A writer takes the metadata and the records; a reader gives back the metadata at once and
/// the records one by one, so a file of any size is read in constant memory.
public struct TraceFile: Hashable, Sendable {
    /// The newest format version this code reads and the one it writes.
    public static let formatVersion: UInt16 = 1

    /// The process and the trace.
    public var header: TraceHeader
    /// Every text the trace refers to, by index. Index 0 is always the empty string.
    ///
    /// A trace file may have an empty table, but then nothing in it may refer to a string;
    /// ``TraceFileWriter`` refuses a table whose first string is not empty.
    public var strings: [String]
    /// The probes, by index.
    public var probes: [TraceProbe]
    /// The threads, by index.
    public var threads: [TraceThread]
    /// The marks, in time order.
    public var marks: [TraceMark]
    /// Subscriptions through probes that were open when the trace was written.
    public var openSubscriptions: [TraceOpenSubscription]
    /// Allocation sites of live resources; empty when sites were not captured.
    public var sites: [TraceSite]
    /// Exact event counts per probe, by probe index, counted outside the ring buffer so that
    /// they include the records it overwrote; `nil` for a file written without them (format
    /// version 1.0). When present it has one entry per probe.
    public var probeTotals: [TraceProbeTotals]?
    /// The live resource counts the runtime sampled over time (format version 1.2), which let a
    /// trace without marks be judged for leaks; `nil` for a file written without them.
    public var resourceSamples: TraceResourceSamples?

    /// Creates the metadata of a trace.
    public init(
        header: TraceHeader,
        strings: [String],
        probes: [TraceProbe],
        threads: [TraceThread],
        marks: [TraceMark],
        openSubscriptions: [TraceOpenSubscription],
        sites: [TraceSite],
        probeTotals: [TraceProbeTotals]? = nil,
        resourceSamples: TraceResourceSamples? = nil
    ) {
        self.header = header
        self.strings = strings
        self.probes = probes
        self.threads = threads
        self.marks = marks
        self.openSubscriptions = openSubscriptions
        self.sites = sites
        self.probeTotals = probeTotals
        self.resourceSamples = resourceSamples
    }

    /// The text at `index` in the string table, or `nil` when there is none.
    public func string(_ index: UInt32) -> String? {
        let position = Int(index)
        return position < strings.count ? strings[position] : nil
    }
}
