import RxTraceAnalysis

/// The sentence every report format shows under its probe counts: which numbers are exact
/// and which come from the records the trace kept.
///
/// A ring buffer that overflowed, or a file cut short, leaves only part of the records; a
/// reader must know whether the counts in front of them cover everything.
enum CountsNote {
    /// The note for `summary`.
    static func text(_ summary: TraceSummary) -> String {
        let process = summary.process
        let read = summary.partial ? "the \(process.records) records read before the damage" : "the \(process.records) records kept"
        let lost =
            process.lostRecords > 0
            ? "; the ring buffer overwrote \(process.lostRecords) older records"
            : ""
        if process.probeCountsExact {
            return
                "Probe counts are exact (counted outside the ring buffer); open subscriptions, errors and timelines come from \(read)\(lost)."
        }
        if process.lostRecords > 0 || summary.partial {
            return "Probe counts come only from \(read)\(lost), and the trace has no exact totals (written by an older rxtrace)."
        }
        return "Probe counts come from the records; none were lost, so they are complete."
    }
}
