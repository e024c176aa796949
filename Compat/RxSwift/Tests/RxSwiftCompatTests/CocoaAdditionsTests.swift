import Foundation
import RxCocoa
import RxSwift
import RxTest
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// RxCocoa names that rxtrace added for parity: Signal's withUnretained and RxCocoaError.
final class CocoaAdditionsTests: XCTestCase {
    private final class Screen {
        let title = "search"
    }

    func testSignalWithUnretainedPairsElementsWithTheObjectAndCompletesOnceItIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var screen: Screen? = Screen()
        let taps = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        scheduler.scheduleAt(220) { screen = nil }
        var recorded: [Recorded<Event<String>>] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = taps.asSignal(onErrorJustReturn: 0).withUnretained(screen!) { screen, tap in "\(screen.title) \(tap)" }
            recorded = scheduler.start { signal.asObservable() }.events
        }
        XCTAssertEqual(recorded, [.next(211, "search 1"), .completed(231)])
    }

    func testRxCocoaErrorDescribesItsCases() {
        let error: Error = RxCocoaError.castingError(object: 1, targetType: String.self)
        guard case RxCocoaError.castingError(_, let targetType)? = error as? RxCocoaError else {
            return XCTFail("not an RxCocoaError: \(error)")
        }
        XCTAssertTrue(targetType == String.self)
        XCTAssertEqual(RxCocoaError.unknown.debugDescription, "An unknown error occurred.")
    }
}

/// RxCocoa's `Logging.URLRequests` sets rxtrace's request-logging filter.
final class LoggingTests: XCTestCase {
    func testURLRequestsIsTheRequestLoggingFilter() throws {
        let saved = URLRequestLogging.filter
        defer { URLRequestLogging.filter = saved }
        let request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1/users")))
        Logging.URLRequests = { $0.url?.path == "/users" }
        XCTAssertTrue(URLRequestLogging.filter(request))
        URLRequestLogging.filter = { _ in false }
        XCTAssertFalse(Logging.URLRequests(request))
    }
}
