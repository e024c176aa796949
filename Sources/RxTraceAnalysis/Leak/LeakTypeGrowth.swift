/// How one resource type's live count changed over the iterations of a leak check.
public struct LeakTypeGrowth: Sendable, Hashable, Codable {
    /// The type's name.
    public var name: String
    /// The steady growth per iteration: the smallest growth of any iteration when the type
    /// grew in every one, otherwise 0.
    public var growth: Int
    /// Whether the type grew in every iteration (at least 2 of them): the signal of a leak.
    public var leaking: Bool
    /// The change of the live count in each iteration.
    public var series: [Int]
    /// The live count at each sample, the baseline first.
    public var counts: [Int]

    /// The number of iterations in which the count went up.
    public var iterationsGrown: Int {
        series.count { $0 > 0 }
    }

    /// Creates a type's growth record.
    public init(name: String, growth: Int, leaking: Bool, series: [Int], counts: [Int]) {
        self.name = name
        self.growth = growth
        self.leaking = leaking
        self.series = series
        self.counts = counts
    }
}
