/// The live resource counts at one moment of a leak check: after the warm-up, or after one
/// iteration of the scenario.
///
/// A ``LeakAnalysis`` compares consecutive samples; the first one is the baseline.
public struct LeakSample: Sendable, Hashable, Codable {
    /// What the sample was taken after, such as `warm-up` or `iteration 2`.
    public var label: String
    /// The total of live resources (`Resources.total`).
    public var total: Int
    /// The live count per resource type name. A type missing here counts as 0.
    public var types: [String: Int]

    /// Creates a sample.
    ///
    /// - Parameters:
    ///   - label: What the sample was taken after.
    ///   - total: The total of live resources.
    ///   - types: The live count per resource type name.
    public init(label: String, total: Int, types: [String: Int] = [:]) {
        self.label = label
        self.total = total
        self.types = types
    }
}
