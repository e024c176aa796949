/// Which live resources a leak check's allocation sites describe, and so how to read their
/// counts.
public enum LeakSiteScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// The resources created during the last iteration that were still alive after it: a
    /// site's count is what it leaked in one iteration.
    case lastIteration
    /// The resources created since the start of the last iteration in which the total rose
    /// that were still alive at the end: for a leak every k-th repetition, what the last
    /// leaking repetition left.
    case lastRise
    /// Every resource alive when the trace was written: a site's count adds up all
    /// repetitions (and anything long-lived).
    case endOfTrace
}
