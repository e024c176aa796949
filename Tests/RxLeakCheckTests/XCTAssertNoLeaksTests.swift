import Foundation
import RxCore
import RxLeakCheck
import RxTest
import RxTraceAnalysis
import XCTest

@testable import RxTest

/// The XCTest assertion: it passes clean scenarios, and its failure message (tested through
/// the shared judgement, since a failing XCTest assertion cannot be expected on Linux) names
/// the leak.
final class XCTAssertNoLeaksTests: XCTestCase {
    func testACleanScenarioPassesAndReturnsItsReport() throws {
        let report = try XCTAssertNoLeaks(settle: .immediately) {
            _ = Observable.of(1, 2, 3).subscribe(onNext: { _ in })
        }
        XCTAssertEqual(report.iterations, LeakCheck.defaultIterations)
        XCTAssertNotEqual(report.verdict, .leaking)
    }

    func testAnAsyncCleanScenarioPasses() async throws {
        let report = try await XCTAssertNoLeaks(iterations: 2, settle: .immediately) {
            await Task.yield()
            _ = Observable.just(1).subscribe()
        }
        XCTAssertEqual(report.iterations, 2)
    }

    func testWorkOnTheMainSchedulerSettlesWhileTheCheckRunsOnTheMainThread() throws {
        try XCTSkipUnless(Resources.isEnabled, "needs the TraceResources trait")
        XCTAssertTrue(Thread.isMainThread)
        let report = try XCTAssertNoLeaks {
            _ = Observable.just(1).delay(.milliseconds(20), scheduler: MainScheduler.instance).subscribe()
        }
        XCTAssertEqual(report.verdict, .clean, report.summary)
        XCTAssertEqual(report.settle?.timeouts, 0, report.summary)
    }

    func testTheFailureMessageNamesTheLeak() throws {
        try XCTSkipUnless(Resources.isEnabled, "needs the TraceResources trait")
        let subject = PublishSubject<Int>()
        var kept: [Disposable] = []
        let report = LeakCheck.run(settle: .immediately) { kept.append(subject.subscribe()) }
        kept.forEach { $0.dispose() }
        let message = try XCTUnwrap(LeakExpectation.failureMessage(report, baseline: nil, context: "search screen"))
        XCTAssertTrue(message.hasPrefix("search screen: the scenario leaks"), message)
        XCTAssertTrue(message.contains("per iteration"), message)
        XCTAssertTrue(message.contains("XCTAssertNoLeaksTests.swift:"), message)
        XCTAssertNil(LeakExpectation.failureMessage(report, baseline: LeakBaseline(accepting: report), context: ""))
    }

    func testWithoutCountingItSkipsWithTheTraitAndTheCommand() throws {
        try XCTSkipIf(Resources.isEnabled, "checks the build without the TraceResources trait")
        var ran = false
        do {
            // Not CI: the environment is given, so the test means the same wherever it runs.
            try UncountedLeakCheck.Overrides.$environment.withValue([:]) {
                try XCTAssertNoLeaks { ran = true }
            }
            XCTFail("an uncounted check must not pass")
        } catch let skip as XCTSkip {
            let reason = skip.message ?? ""
            XCTAssertTrue(reason.contains("TraceResources"), reason)
            XCTAssertTrue(reason.contains("swift test --traits TraceResources"), reason)
            XCTAssertFalse(reason.contains("\n"), reason)
        }
        XCTAssertFalse(ran, "a skipped check does not run its scenario")
    }

    func testAnAsyncCheckWithoutCountingSkipsToo() async throws {
        try XCTSkipIf(Resources.isEnabled, "checks the build without the TraceResources trait")
        do {
            try await UncountedLeakCheck.Overrides.$environment.withValue(["CI": "true", "RXTRACE_ALLOW_UNCOUNTED": "1"]) {
                try await XCTAssertNoLeaks { await Task.yield() }
            }
            XCTFail("an uncounted check must not pass, even when CI allows it")
        } catch is XCTSkip {}
    }
}
