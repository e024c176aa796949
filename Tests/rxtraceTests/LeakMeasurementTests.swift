import RxCore
import Testing
@testable import rxtrace

@Suite("LeakMeasurement")
struct LeakMeasurementTests {
    @Test func runsTheRepetitionsAndSnapshotsAroundEachRun() {
        let counter = FakeCounter()
        counter.add("Existing", 5)
        var runs = 0
        let measurement = LeakMeasurement(repetitions: 3, snapshot: counter.snapshot) {
            runs += 1
            counter.add("Sink", 2)
        }
        #expect(runs == 3)
        #expect(counter.snapshots == 4)
        #expect(measurement.before.total == 5)
        #expect(measurement.afterRuns.map(\.total) == [7, 9, 11])
        #expect(measurement.growthPerRepetition == [2, 2])
        #expect(measurement.growthByType == ["Sink": 4])
        #expect(measurement.verdict == .leaking(perRepetition: 2))
    }

    @Test func lazyResourcesOfTheWarmUpDoNotCount() {
        let counter = FakeCounter()
        var runs = 0
        let measurement = LeakMeasurement(repetitions: 3, snapshot: counter.snapshot) {
            runs += 1
            if runs == 1 { counter.add("Cache") }
        }
        #expect(measurement.afterRuns.map(\.total) == [1, 1, 1])
        #expect(measurement.growthPerRepetition == [0, 0])
        #expect(measurement.growthByType == [:])
        #expect(measurement.verdict == .clean)
    }

    @Test func aSingleRunIsNotMeasured() {
        let counter = FakeCounter()
        let measurement = LeakMeasurement(repetitions: 1, snapshot: counter.snapshot) { counter.add("Sink") }
        #expect(measurement.growthPerRepetition == [])
        #expect(measurement.verdict == .notMeasured)
    }
}
