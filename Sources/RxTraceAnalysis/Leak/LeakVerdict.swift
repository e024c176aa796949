/// What repeated runs of a scenario say about leaks; see ``LeakAnalysis`` for the rule.
public enum LeakVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// The last iteration left nothing new alive (beyond the allowance).
    case clean
    /// Some type grew in every iteration and so did the total, beyond the allowance.
    case leaking
    /// Too few iterations, or counts that moved without a steady trend.
    case inconclusive
}
