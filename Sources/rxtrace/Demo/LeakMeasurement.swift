import RxCore

/// The live resource counts around repeated runs of the same work, and what they say.
///
/// The procedure of RxSwift's leak-hunting guide: the first run (the warm-up) may create
/// lazy, long-lived resources, so only the runs after it are compared. Work that cleans up
/// after itself leaves the count unchanged from one run to the next.
struct LeakMeasurement {
    /// The counts before the first run.
    let before: ResourceSnapshot
    /// The counts after each run; the first entry is the warm-up.
    let afterRuns: [ResourceSnapshot]

    /// Creates a measurement from snapshots taken before and after each run.
    init(before: ResourceSnapshot, afterRuns: [ResourceSnapshot]) {
        self.before = before
        self.afterRuns = afterRuns
    }

    /// Runs `repetition` `repetitions` times, taking a snapshot before and after each run.
    ///
    /// - Parameters:
    ///   - repetitions: The number of runs including the warm-up.
    ///   - snapshot: Reads the live counts.
    ///   - repetition: The work to repeat.
    init(repetitions: Int, snapshot: () -> ResourceSnapshot, repetition: () -> Void) {
        let before = snapshot()
        var afterRuns: [ResourceSnapshot] = []
        for _ in 0..<repetitions {
            repetition()
            afterRuns.append(snapshot())
        }
        self.init(before: before, afterRuns: afterRuns)
    }

    /// The change of the total in each run after the warm-up.
    var growthPerRepetition: [Int] {
        zip(afterRuns, afterRuns.dropFirst()).map { $1.total - $0.total }
    }

    /// The change per type from the end of the warm-up to the end of the last run.
    var growthByType: [String: Int] {
        guard let warmUp = afterRuns.first, let last = afterRuns.last else { return [:] }
        return last.difference(from: warmUp)
    }

    /// The verdict on the runs after the warm-up.
    var verdict: LeakVerdict {
        LeakVerdict(growthPerRepetition: growthPerRepetition)
    }
}
