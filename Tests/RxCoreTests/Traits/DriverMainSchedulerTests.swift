import Dispatch
import Foundation
import TestSupport
import XCTest

@testable import RxCore

/// Drivers and signals on the real ``MainScheduler``, driven by XCTest: its tests run on the
/// main thread and `wait(for:timeout:)` spins the main run loop, so the main queue drains (on
/// Linux too). This is what a program must do itself: keep the main queue running.
final class DriverMainSchedulerTests: XCTestCase {
    private var baselineTotal: Int32 = 0

    override func setUp() {
        super.setUp()
        drainMainQueue()
        baselineTotal = Resources.total
    }

    override func tearDown() {
        for _ in 0..<100 where Resources.total != baselineTotal {
            drainMainQueue()
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertEqual(Resources.total, baselineTotal, "leaked: \(Resources.snapshot())")
        super.tearDown()
    }

    private func drainMainQueue() {
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: hangGuardSeconds)
    }

    func testElementsFromABackgroundThreadArriveOnTheMainThreadInOrder() {
        let source = ManualSource<Int>()
        let finished = expectation(description: "completed")
        var received: [Int] = []
        var offMain = 0
        let driver = source.asDriver(onErrorJustReturn: -1)
        let subscription = driver.drive(
            onNext: { value in
                if !Thread.isMainThread { offMain += 1 }
                received.append(value)
            },
            onCompleted: { finished.fulfill() }
        )
        DispatchQueue.global().async {
            for value in 0..<50 {
                source.onNext(value)
            }
            source.on(.error(testError))
        }
        wait(for: [finished], timeout: hangGuardSeconds)
        XCTAssertEqual(received, Array(0..<50) + [-1])
        XCTAssertEqual(offMain, 0)
        XCTAssertEqual(source.observerCount, 0)
        subscription.dispose()
    }

    func testOnTheIdleMainQueueTheLatestElementIsDeliveredAtOnceAndReplayed() {
        let relay = BehaviorRelay(value: 1)
        let driver = relay.asDriver().map { $0 * 10 }
        var first: [Int] = []
        var second: [Int] = []
        let subscription1 = driver.drive(onNext: { first.append($0) })
        XCTAssertEqual(first, [10])
        let subscription2 = driver.drive(onNext: { second.append($0) })
        XCTAssertEqual(second, [10])
        relay.accept(2)
        XCTAssertEqual(first, [10, 20])
        XCTAssertEqual(second, [10, 20])
        subscription1.dispose()
        subscription2.dispose()
    }

    func testJustDeliversAtOnceOnTheIdleMainQueue() {
        var received: [String] = []
        let subscription = Driver.just(1).drive(
            onNext: { received.append("next \($0)") },
            onCompleted: { received.append("completed") }
        )
        XCTAssertEqual(received, ["next 1", "completed"])
        subscription.dispose()
    }

    func testDebounceRunsOnMainQueueTimers() {
        let relay = PublishRelay<Int>()
        let delivered = expectation(description: "debounced element")
        var received: [Int] = []
        var offMain = 0
        let subscription = relay.asSignal().debounce(.milliseconds(50)).emit(onNext: { value in
            if !Thread.isMainThread { offMain += 1 }
            received.append(value)
            delivered.fulfill()
        })
        relay.accept(1)
        relay.accept(2)
        XCTAssertEqual(received, [])
        wait(for: [delivered], timeout: hangGuardSeconds)
        XCTAssertEqual(received, [2])
        XCTAssertEqual(offMain, 0)
        subscription.dispose()
    }

    func testSignalFromABackgroundThreadIsNotReplayed() {
        let relay = PublishRelay<Int>()
        let signal = relay.asSignal()
        let first = expectation(description: "first subscriber got 1 and 2")
        let second = expectation(description: "second subscriber got 2")
        var firstValues: [Int] = []
        var secondValues: [Int] = []
        var subscriptions: [Disposable] = []
        subscriptions.append(
            signal.emit(onNext: { value in
                firstValues.append(value)
                if value == 2 { first.fulfill() }
            }))
        DispatchQueue.global().async { relay.accept(1) }
        drainUntil { firstValues == [1] }
        subscriptions.append(
            signal.emit(onNext: { value in
                secondValues.append(value)
                second.fulfill()
            }))
        DispatchQueue.global().async { relay.accept(2) }
        wait(for: [first, second], timeout: hangGuardSeconds)
        XCTAssertEqual(firstValues, [1, 2])
        XCTAssertEqual(secondValues, [2])
        subscriptions.forEach { $0.dispose() }
    }

    /// Turns the main queue until `condition` holds, for at most ten seconds.
    private func drainUntil(_ condition: () -> Bool) {
        for _ in 0..<1000 where !condition() {
            drainMainQueue()
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertTrue(condition())
    }

    func testSynchronousDrivingKeepsTheOrderOfSubscriptions() {
        func sampleDriver(_ item: String) -> Driver<String> {
            Observable.create { observer in
                observer.onNext(item)
                observer.onCompleted()
                return Disposables.create()
            }
            .asDriver(onErrorJustReturn: "")
        }
        var received: [String] = []
        let relay = BehaviorRelay(value: "initial")
        let bag = DisposeBag()
        relay.asDriver().drive(onNext: { received.append($0) }).disposed(by: bag)
        sampleDriver("first").drive(relay).disposed(by: bag)
        sampleDriver("second").drive(relay).disposed(by: bag)
        Observable.just("third").subscribe(onNext: { relay.accept($0) }).disposed(by: bag)
        XCTAssertEqual(received, ["initial", "first", "second", "third"])
    }

    func testFlatMapLatestChainOfConversionsDeliversSynchronously() {
        var latest: Int?
        let state = BehaviorSubject(value: 1)
        let subscription = state.asDriver(onErrorJustReturn: 0)
            .flatMapLatest { Driver.just($0 * 2) }
            .flatMapLatest { Observable.just($0).asDriver(onErrorJustReturn: -1) }
            .flatMapLatest { Observable.just($0).asDriver(onErrorDriveWith: Driver.empty()) }
            .flatMapLatest { Observable.just($0).asDriver(onErrorRecover: { _ in Driver.empty() }) }
            .drive(onNext: { latest = $0 })
        subscription.dispose()
        XCTAssertEqual(latest, 2)
    }
}
