import RxCore
import RxTest
import XCTest

@testable import RxTest

/// The XCTest helpers in passing use: they must resolve to RxTest's overloads and accept
/// equal events. Their failure messages are `EventDiff`'s, tested in `EventDiffTests`.
final class XCTestHelperTests: XCTestCase {
    func testAssertEqualRecordedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEvents(res.events, [.next(210, 1), .completed(300)])
        XCTAssertRecordedElements(Array(res.events.dropLast()), [1])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        scheduler.assertNoOpenSubscriptions()
    }

    func testRecordedElementsRejectStopEventsAsRxSwiftDoes() {
        let message = RecordedElements.message([.next(210, 1), .completed(300)], [1], stopEventsAllowed: false)
        XCTAssertTrue(message?.contains("completed at 300") == true, message ?? "no message")
        XCTAssertNil(RecordedElements.message([.next(210, 1), .completed(300)], [1], stopEventsAllowed: true))
    }

    func testTraitEventsCompareLikeRxSwiftsRxTest() {
        var singles: [SingleEvent<Int>] = []
        _ = Single.just(1).subscribe { singles.append($0) }
        _ = Single<Int>.error(TestFailure.boom).subscribe { singles.append($0) }
        XCTAssertEqual(singles, [.success(1), .failure(TestFailure.boom)])

        var maybes: [MaybeEvent<Int>] = []
        _ = Maybe.just(2).subscribe { maybes.append($0) }
        _ = Maybe<Int>.empty().subscribe { maybes.append($0) }
        _ = Maybe<Int>.error(TestFailure.boom).subscribe { maybes.append($0) }
        XCTAssertEqual(maybes, [.success(2), .completed, .error(TestFailure.boom)])
        XCTAssertNotEqual(MaybeEvent.success(1), .success(2))
        XCTAssertNotEqual(MaybeEvent<Int>.error(TestFailure.boom), .error(TestFailure.other))

        var completables: [CompletableEvent] = []
        _ = Completable.empty().subscribe { completables.append($0) }
        _ = Completable.error(TestFailure.other).subscribe { completables.append($0) }
        XCTAssertEqual(completables, [.completed, .error(TestFailure.other)])
        XCTAssertNotEqual(CompletableEvent.completed, .error(TestFailure.other))
    }

    func testTestableObserverExposesItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertTrue(scheduler.createObserver(Int.self).scheduler === scheduler)
    }

    func testAssertEqualEventsWithoutTimes() {
        let events: [Event<String>] = [.next("a"), .completed]
        XCTAssertEqual(events, [.next("a"), .completed])
        XCTAssertEvents(events, [.next("a"), .completed])
    }
}

private enum TestFailure: Error {
    case boom
    case other
}
