import Dispatch
import Foundation
import TestSupport
import XCTest

@testable import RxCore

/// `observe(on: MainScheduler.instance)`, driven by XCTest: its tests run on the main thread
/// and `wait(for:timeout:)` spins the main run loop, so the main queue really drains.
final class ObserveOnMainSchedulerTests: XCTestCase {
    private var baselineTotal: Int32 = 0

    override func setUp() {
        super.setUp()
        drainMainQueue()
        baselineTotal = Resources.total
    }

    override func tearDown() {
        // Work the test queued may queue more work (a drain behind a drain): turn the main
        // queue until the count settles, for at most a second.
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

    func testEventsFromABackgroundThreadArriveOnTheMainThreadInOrder() {
        let source = ManualSource<Int>()
        let finished = expectation(description: "completed")
        var received: [Event<Int>] = []
        var offMain = 0
        let subscription = source.observe(on: MainScheduler.instance).subscribe { event in
            if !Thread.isMainThread { offMain += 1 }
            received.append(event)
            if event.isStopEvent { finished.fulfill() }
        }
        DispatchQueue.global().async {
            for value in 0..<100 {
                source.onNext(value)
            }
            source.on(.completed)
        }
        wait(for: [finished], timeout: hangGuardSeconds)
        XCTAssertEqual(received, (0..<100).map { .next($0) } + [.completed])
        XCTAssertEqual(offMain, 0)
        XCTAssertEqual(source.observerCount, 0)
        subscription.dispose()
    }

    func testOnTheIdleMainQueueEventsAreDeliveredAtOnce() {
        let source = ManualSource<Int>()
        var received: [Int] = []
        let subscription = source.observe(on: MainScheduler.instance).subscribe(onNext: { received.append($0) })
        source.onNext(1)
        XCTAssertEqual(received, [1])
        source.onNext(2)
        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
    }

    func testAnEventEmittedByTheObserverIsDeliveredAfterItReturns() {
        let source = ManualSource<Int>()
        var log: [String] = []
        let second = expectation(description: "second element")
        let subscription = source.observe(on: MainScheduler.instance).subscribe(onNext: { value in
            log.append("start \(value)")
            if value == 1 { source.onNext(2) }
            log.append("end \(value)")
            if value == 2 { second.fulfill() }
        })
        source.onNext(1)
        XCTAssertEqual(log, ["start 1", "end 1"])
        wait(for: [second], timeout: hangGuardSeconds)
        XCTAssertEqual(log, ["start 1", "end 1", "start 2", "end 2"])
        subscription.dispose()
    }

    func testDisposingOnTheMainThreadDropsEventsAlreadyQueued() {
        let source = ManualSource<Int>()
        var received: [Event<Int>] = []
        let subscription = source.observe(on: MainScheduler.instance).subscribe { received.append($0) }
        let emitted = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            source.onNext(1)
            source.onNext(2)
            source.on(.completed)
            emitted.signal()
        }
        // The main queue cannot run while this test holds the main thread: the events wait.
        emitted.wait()
        XCTAssertEqual(received, [])
        subscription.dispose()
        drainMainQueue()
        XCTAssertEqual(received, [])
        XCTAssertEqual(source.observerCount, 0)
    }
}
