import RxCore
import RxTest
import XCTest

/// The XCTest helpers in passing use: they must resolve to RxTest's overloads and accept
/// equal events. Their failure messages are `EventDiff`'s, tested in `EventDiffTests`.
final class XCTestHelperTests: XCTestCase {
    func testAssertEqualRecordedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEvents(res.events, [.next(210, 1), .completed(300)])
        XCTAssertRecordedElements(res.events, [1])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        scheduler.assertNoOpenSubscriptions()
    }

    func testAssertEqualEventsWithoutTimes() {
        let events: [Event<String>] = [.next("a"), .completed]
        XCTAssertEqual(events, [.next("a"), .completed])
        XCTAssertEvents(events, [.next("a"), .completed])
    }
}
