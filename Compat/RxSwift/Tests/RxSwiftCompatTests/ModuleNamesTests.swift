import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

/// RxSwift's module names resolve to rxtrace's declarations, qualified as RxSwift code writes
/// them, and the package counts resources (always).
final class ModuleNamesTests: XCTestCase {
    func testQualifiedNamesResolveInEachModule() throws {
        let relay: RxRelay.BehaviorRelay<Int> = RxRelay.BehaviorRelay(value: 1)
        let observable: RxSwift.Observable<Int> = relay.asObservable()
        let driver: RxCocoa.Driver<Int> = relay.asDriver()
        let scheduler: RxTest.TestScheduler = RxTest.TestScheduler(initialClock: 0)
        let blocking: RxBlocking.BlockingObservable<Int> = observable.take(1).toBlocking(timeout: 60)
        XCTAssertEqual(try blocking.toArray(), [1])
        XCTAssertEqual(scheduler.clock, 0)
        _ = driver
    }

    func testResourcesAreCounted() {
        XCTAssertTrue(RxSwift.Resources.isEnabled, "Compat/RxSwift must build rxtrace counting resources")
        let before = RxSwift.Resources.total
        do {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe()
            XCTAssertGreaterThan(RxSwift.Resources.total, before)
            subscription.dispose()
        }
        XCTAssertEqual(RxSwift.Resources.total, before)
    }

    func testTestKitRecordsOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let result = scheduler.start { source.map { $0 * 10 } }
        XCTAssertEqual(result.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }
}
