import RxCore
import XCTest
@testable import rxtrace

/// The real scenarios, measured with the real counts (`TraceResources` trait only).
///
/// XCTest so they run in the serial XCTest pass, undisturbed by parallel tests. The leaking
/// scenario really leaks: six small objects stay alive until the test process ends.
final class DemoScenarioResourceTests: XCTestCase {
    override func setUpWithError() throws {
        if !Resources.isEnabled {
            throw XCTSkip("needs the TraceResources trait: swift test --traits TraceResources")
        }
    }

    func testCleanScenarioIsClean() {
        let measurement = LeakMeasurement(
            repetitions: 3,
            snapshot: Resources.snapshot,
            repetition: DemoScenario.clean.repetition
        )
        XCTAssertEqual(measurement.verdict, .clean)
        XCTAssertEqual(measurement.afterRuns.map(\.total), Array(repeating: measurement.before.total, count: 3))
    }

    func testLeakingScenarioLeaksItsSinkAndObserverEachRepetition() {
        let measurement = LeakMeasurement(
            repetitions: 3,
            snapshot: Resources.snapshot,
            repetition: DemoScenario.leaking.repetition
        )
        XCTAssertEqual(measurement.verdict, .leaking(perRepetition: 2))
        XCTAssertEqual(measurement.afterRuns.first?.total, measurement.before.total + 2)
        XCTAssertEqual(measurement.growthByType, [
            "AnonymousObservableSink<AnonymousObserver<DemoTick>>": 2,
            "AnonymousObserver<DemoTick>": 2,
        ])
    }
}
