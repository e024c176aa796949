import Foundation
import RxBlocking
import RxCore
import TestSupport
import XCTest

/// With the `TraceResources` trait: every blocking operator leaves `Resources.total` where it
/// found it, once its source's threads are done.
///
/// XCTest rather than Swift Testing on purpose: `swift test` runs XCTest cases one at a time
/// in their own pass, so the global count is not disturbed by tests running in parallel.
final class BlockingResourceTests: XCTestCase {
    override func setUpWithError() throws {
        if !Resources.isEnabled {
            throw XCTSkip("needs the TraceResources trait: swift test --traits TraceResources")
        }
    }

    func testSynchronousOperatorsReleaseEverything() {
        assertNoGrowth {
            _ = try? TestSources.synchronous([1, 2, 3]).toBlocking().toArray()
            _ = try? TestSources.synchronous([1, 2, 3]).toBlocking().first()
            _ = try? TestSources.synchronous([1, 2, 3]).toBlocking().last()
            _ = try? TestSources.synchronous([1]).toBlocking().single()
            _ = try? TestSources.synchronous([1, 2]).toBlocking().single()
            _ = try? TestSources.synchronous([1, 2]).toBlocking().single { $0 == 2 }
            _ = try? TestSources.synchronous([1], error: TestError(code: 1)).toBlocking().toArray()
            _ = TestSources.synchronous([1], error: TestError(code: 1)).toBlocking().materialize()
            _ = try? TestSources.endless([1, 2]).toBlocking().first()
        }
    }

    func testBackgroundOperatorsReleaseEverything() {
        assertNoGrowth {
            let finished = (0..<4).map { _ in Flag() }
            _ = try? TestSources.background([1, 2], finished: finished[0]).toBlocking().toArray()
            _ = try? TestSources.background([1, 2], terminate: false, finished: finished[1]).toBlocking().first()
            _ = try? TestSources.background([1, 2], terminate: false, finished: finished[2]).toBlocking().single()
            _ = TestSources.background([1], error: TestError(code: 2), finished: finished[3]).toBlocking().materialize()
            waitUntil { finished.allSatisfy(\.isSet) }
        }
    }

    func testTimeoutsReleaseEverything() {
        assertNoGrowth {
            _ = try? TestSources.endless([1]).toBlocking(timeout: 0.05).toArray()
            let finished = Flag()
            _ = try? TestSources.background([1], delay: 0.1, finished: finished).toBlocking(timeout: 0.05).last()
            waitUntil { finished.isSet }
        }
    }

    /// Runs `scenario` once to warm up, then again, and asserts that the total returns to the
    /// count it had after the warm-up. The baseline is taken once the count has settled (the
    /// warm-up's background threads may still be letting go of what they held), and the check
    /// waits for the other threads too: neither is a fixed sleep, so a loaded machine only makes
    /// them wait longer.
    private func assertNoGrowth(file: StaticString = #filePath, line: UInt = #line, _ scenario: () -> Void) {
        scenario()
        let baseline = settledTotal()
        scenario()
        waitUntil { Resources.total == baseline }
        XCTAssertEqual(Resources.total, baseline, "leaked:\n\(Resources.snapshot())", file: file, line: line)
    }

    /// `Resources.total` once it has stayed the same for 50 ms (at most 10 s).
    private func settledTotal() -> Int32 {
        let deadline = Date(timeIntervalSinceNow: 10)
        var total = Resources.total
        var stableSince = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
            let now = Resources.total
            if now != total {
                total = now
                stableSince = Date()
            } else if Date().timeIntervalSince(stableSince) >= 0.05 {
                break
            }
        }
        return total
    }

    /// Polls `condition` for up to `seconds`.
    private func waitUntil(seconds: TimeInterval = hangGuardSeconds, _ condition: () -> Bool) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
    }
}
