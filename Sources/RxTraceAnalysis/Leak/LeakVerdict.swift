/// What repeated runs of a scenario say about leaks; see ``LeakAnalysis`` for the rule.
public enum LeakVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// The counts stopped rising (or never rose) long enough ago to be sure, and the last
    /// iteration left nothing new alive (beyond the allowance).
    case clean
    /// The total (beyond the allowance) kept rising to new highs and had not stopped.
    case leaking
    /// Too few iterations, a single rise too recent to tell, or counts still moving.
    case inconclusive
}
