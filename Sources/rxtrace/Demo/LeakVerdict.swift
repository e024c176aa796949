/// What the growth of the resource count over repeated runs says about leaks.
enum LeakVerdict: Equatable {
    /// Every run left the count where it found it.
    case clean
    /// Every run added the same number of live resources: a leak of that many per run.
    case leaking(perRepetition: Int)
    /// The runs changed the count by different amounts: repeat, or look at the types.
    case irregular([Int])
    /// There was nothing to compare: fewer than two runs.
    case notMeasured

    /// Judges the changes of the total, one per run after the warm-up.
    init(growthPerRepetition growth: [Int]) {
        guard let first = growth.first else {
            self = .notMeasured
            return
        }
        if growth.allSatisfy({ $0 == 0 }) {
            self = .clean
        } else if first > 0, growth.allSatisfy({ $0 == first }) {
            self = .leaking(perRepetition: first)
        } else {
            self = .irregular(growth)
        }
    }

    /// One line for the report.
    var summary: String {
        switch self {
        case .clean:
            return "clean, no growth per repetition"
        case .leaking(let count):
            return "LEAK, +\(count) live \(count == 1 ? "resource" : "resources") per repetition"
        case .irregular(let growth):
            let changes = growth.map { $0 >= 0 ? "+\($0)" : "\($0)" }.joined(separator: ", ")
            return "irregular, the repetitions changed the count by \(changes)"
        case .notMeasured:
            return "not measured, it takes a warm-up and at least one more repetition"
        }
    }
}
