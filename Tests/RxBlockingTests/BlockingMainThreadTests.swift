import Foundation
import RxBlocking
import RxCore
import TestSupport
import XCTest

/// Blocking on the main thread: the run loop must keep turning so main-queue work still runs.
///
/// XCTest because it runs each test on the main thread; Swift Testing runs even `@MainActor`
/// tests on other threads on Linux.
final class BlockingMainThreadTests: XCTestCase {
    override func setUp() {
        XCTAssertTrue(Thread.isMainThread, "these tests must run on the main thread")
    }

    func testMainQueueSourceDoesNotDeadlock() throws {
        XCTAssertEqual(try TestSources.mainQueue([1, 2]).toBlocking(timeout: hangGuardSeconds).toArray(), [1, 2])
    }

    func testBackgroundSourceWakesTheMainThreadPromptly() throws {
        let start = Date()
        XCTAssertEqual(try TestSources.background([3], delay: 0.02).toBlocking(timeout: hangGuardSeconds).first(), 3)
        // Woken by the element, not by the timeout: far under it even on a loaded machine.
        XCTAssertLessThan(Date().timeIntervalSince(start), hangGuardSeconds / 10)
    }

    func testSynchronousSourceOnTheMainThread() throws {
        XCTAssertEqual(try TestSources.synchronous([1, 2, 3]).toBlocking().last(), 3)
    }

    func testMainThreadTimeoutDisposes() {
        let disposed = Flag()
        let blocking = TestSources.endless([], disposed: disposed).toBlocking(timeout: 0.05)
        XCTAssertThrowsError(try blocking.toArray()) { error in
            XCTAssertTrue(isTimeout(error), "\(error)")
        }
        XCTAssertTrue(disposed.isSet)
    }

    func testMainQueueSourceAfterTimeoutIsIgnored() {
        let result = TestSources.mainQueue([1]).toBlocking(timeout: 0).materialize()
        guard case .failed(let elements, let error) = result else {
            return XCTFail("expected a timeout, got \(result)")
        }
        XCTAssertEqual(elements, [])
        XCTAssertTrue(isTimeout(error), "\(error)")
    }
}
