/// How one resource type's live count changed over the iterations of a leak check.
public struct LeakTypeGrowth: Sendable, Hashable, Codable {
    /// The type's full name, such as `MapSink<Int, AnonymousObserver<Int>>`.
    public var name: String
    /// The name for people: the operator chain of a sink (`map ← AnonymousObserver`), or a long
    /// generic name with its arguments elided.
    public var displayName: String
    /// What each of its rises added at least, when it keeps growing; otherwise 0.
    public var growth: Int
    /// Whether its count keeps rising: new highs in at least 2 iterations, the last of them
    /// recent enough that the rise has not stopped (see ``LeakAnalysis``).
    public var leaking: Bool
    /// The change of the live count in each iteration.
    public var series: [Int]
    /// The live count at each sample, the baseline first.
    public var counts: [Int]
    /// The iterations (from 1) in which the count rose above every earlier sample.
    public var rises: [Int]

    /// The number of iterations in which the count went up.
    public var iterationsGrown: Int {
        series.count { $0 > 0 }
    }

    /// Creates a type's growth record.
    public init(name: String, growth: Int, leaking: Bool, series: [Int], counts: [Int], rises: [Int] = []) {
        self.name = name
        self.displayName = TypeNameText.readable(name)
        self.growth = growth
        self.leaking = leaking
        self.series = series
        self.counts = counts
        self.rises = rises
    }

    private enum CodingKeys: String, CodingKey {
        case name, displayName, growth, leaking, series, counts, rises
    }

    /// Reads a record; `displayName` and `rises`, added later, may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? TypeNameText.readable(name)
        growth = try container.decode(Int.self, forKey: .growth)
        leaking = try container.decode(Bool.self, forKey: .leaking)
        series = try container.decode([Int].self, forKey: .series)
        counts = try container.decode([Int].self, forKey: .counts)
        rises = try container.decodeIfPresent([Int].self, forKey: .rises) ?? []
    }
}
