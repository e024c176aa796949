import Testing
@testable import rxtrace

@Suite("LeakVerdict")
struct LeakVerdictTests {
    @Test func noRunsAfterTheWarmUpIsNotMeasured() {
        #expect(LeakVerdict(growthPerRepetition: []) == .notMeasured)
    }

    @Test func zeroGrowthIsClean() {
        #expect(LeakVerdict(growthPerRepetition: [0, 0]) == .clean)
    }

    @Test func steadyGrowthIsALeakOfThatSize() {
        #expect(LeakVerdict(growthPerRepetition: [2, 2]) == .leaking(perRepetition: 2))
        #expect(LeakVerdict(growthPerRepetition: [1]) == .leaking(perRepetition: 1))
    }

    @Test func unequalOrShrinkingGrowthIsIrregular() {
        #expect(LeakVerdict(growthPerRepetition: [1, 2]) == .irregular([1, 2]))
        #expect(LeakVerdict(growthPerRepetition: [0, 3]) == .irregular([0, 3]))
        #expect(LeakVerdict(growthPerRepetition: [-1, -1]) == .irregular([-1, -1]))
    }

    @Test func summaries() {
        #expect(LeakVerdict.clean.summary == "clean, no growth per repetition")
        #expect(LeakVerdict.leaking(perRepetition: 1).summary == "LEAK, +1 live resource per repetition")
        #expect(LeakVerdict.leaking(perRepetition: 3).summary == "LEAK, +3 live resources per repetition")
        #expect(LeakVerdict.irregular([2, -1]).summary == "irregular, the repetitions changed the count by +2, -1")
        #expect(LeakVerdict.notMeasured.summary == "not measured, it takes a warm-up and at least one more repetition")
    }
}
