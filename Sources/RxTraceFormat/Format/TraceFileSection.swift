/// A part of a trace file, as errors name it.
public enum TraceFileSection: Hashable, Sendable, CustomStringConvertible {
    /// The 20 bytes before the first section: signature, version and flags.
    case fileHeader
    /// The header section: the process and the trace (``TraceHeader``).
    case header
    /// The string table.
    case strings
    /// The probes.
    case probes
    /// The threads.
    case threads
    /// The marks with their resource counts.
    case marks
    /// The subscriptions open when the trace was written.
    case openSubscriptions
    /// The allocation sites.
    case sites
    /// The records section: the record count and the blocks of records.
    case records
    /// The end section, which tells a complete file from one cut at a block boundary.
    case end
    /// The probe totals section (version 1.1): exact event counts per probe.
    case probeTotals
    /// The site subscriptions section (kind 13, optional): which subscription each site's
    /// resources belong to.
    case siteSubscriptions
    /// The resource samples section (version 1.2): live counts taken over time.
    case resourceSamples
    /// A section of a kind this reader does not know (written by a newer minor version);
    /// readers skip it.
    case unknown(kind: UInt32)

    /// The part's name in messages, such as `string table` or `records section`.
    public var description: String {
        switch self {
        case .fileHeader: "file header"
        case .header: "header section"
        case .strings: "string table"
        case .probes: "probes section"
        case .threads: "threads section"
        case .marks: "marks section"
        case .openSubscriptions: "open subscriptions section"
        case .sites: "sites section"
        case .records: "records section"
        case .end: "end section"
        case .probeTotals: "probe totals section"
        case .siteSubscriptions: "site subscriptions section"
        case .resourceSamples: "resource samples section"
        case .unknown(let kind): "section of unknown kind \(kind)"
        }
    }
}
