/// How one series of live counts moved since the baseline: the iterations in which it rose to
/// a new high, and whether that rise has stopped.
///
/// Only new highs count as growth: a count that goes up and comes back down (work still
/// finishing, a value replaced) does not grow, and a leak every k-th repetition shows as a new
/// high every k iterations. The rise has *stopped* once the count has gone without a new high
/// for more than twice the longest wait between two rises seen so far (`2 × gap + 1`
/// iterations, and at least 5), so a leak every third repetition is never taken for a cache
/// that filled up.
struct LeakTrend: Sendable, Hashable {
    /// The iterations (from 1) in which the count rose above every earlier sample.
    let rises: [Int]
    /// By how much it rose in each of those iterations.
    let amounts: [Int]
    /// The iterations measured.
    let iterations: Int

    /// The trend of `levels`, the baseline first.
    init(levels: [Int]) {
        var rises: [Int] = []
        var amounts: [Int] = []
        var high = levels.first ?? 0
        for (index, level) in levels.enumerated().dropFirst() where level > high {
            rises.append(index)
            amounts.append(level &- high)
            high = level
        }
        self.rises = rises
        self.amounts = amounts
        iterations = max(levels.count - 1, 0)
    }

    /// The longest run of iterations from the baseline or one rise to the next rise.
    var longestGap: Int {
        zip([0] + rises, rises).map { $1 - $0 }.max() ?? 0
    }

    /// Iterations since the last rise (all of them when it never rose).
    var quietIterations: Int {
        iterations - (rises.last ?? 0)
    }

    /// The fewest quiet iterations that can call a growth stopped, whatever the gaps: a leak
    /// up to every 5th repetition whose first rise came right after the baseline still shows
    /// its next rise in time.
    static let minimumQuiet = 5

    /// Iterations without a rise needed to call the growth stopped: `2 × gap + 1`, at least
    /// ``minimumQuiet``; 0 without any rise.
    var quietNeeded: Int {
        rises.isEmpty ? 0 : max(2 * longestGap + 1, Self.minimumQuiet)
    }

    /// Whether the count has stopped rising (or never rose).
    var hasStopped: Bool {
        quietIterations >= quietNeeded
    }

    /// Whether the rise keeps coming back: at least 2 rises, and not stopped.
    var keepsGrowing: Bool {
        rises.count >= 2 && !hasStopped
    }

    /// The smallest rise: what each rise added at least (0 without any).
    var smallestRise: Int {
        amounts.min() ?? 0
    }
}
