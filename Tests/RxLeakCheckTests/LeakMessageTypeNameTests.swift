import RxCore
import RxLeakCheck
import Testing

@testable import RxTest

/// The leak helpers' failure messages (`XCTAssertNoLeaks`, `expectNoLeaks`) name a leaked
/// operator chain by its operators, never by the generic type a person cannot read.
@Suite("Leak helper messages: short type names")
struct LeakMessageTypeNameTests {
    @Test(
        "a leaked map/filter chain is named map ← filter ← AnonymousObserver",
        .enabled(if: Resources.isEnabled, "needs the TraceResources trait: swift test --traits TraceResources")
    )
    func chainIsNamedByItsOperators() throws {
        let subject = PublishSubject<Int>()
        var kept: [Disposable] = []
        let report = LeakCheck.run(settle: .immediately) {
            kept.append(subject.map { $0 + 1 }.filter { $0 > 0 }.subscribe())
        }
        kept.forEach { $0.dispose() }
        let message = try #require(LeakExpectation.failureMessage(report, baseline: nil, context: ""))
        #expect(message.contains("map ← filter ← AnonymousObserver"), "\(message)")
        #expect(!message.contains("Sink<"), "\(message)")
        #expect(report.summary(fullTypeNames: true).contains("MapSink<"))
    }
}
