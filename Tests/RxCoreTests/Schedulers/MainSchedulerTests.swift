import Dispatch
import Foundation
import TestSupport
import XCTest

@testable import RxCore

/// XCTest drives these: its tests run on the main thread, and `wait(for:timeout:)` spins the
/// main run loop, which drains the main queue (on Linux too), so work scheduled on the main
/// queue really runs.
final class MainSchedulerTests: XCTestCase {
    private var baselineTotal: Int32 = 0

    override func setUp() {
        super.setUp()
        // Work left on the main queue by an earlier test would change what runs at once.
        drainMainQueue()
        baselineTotal = Resources.total
    }

    override func tearDown() {
        // Background blocks may still be releasing what they captured: let the count settle.
        drainMainQueue()
        for _ in 0..<100 where Resources.total != baselineTotal {
            Thread.sleep(forTimeInterval: 0.01)
            drainMainQueue()
        }
        XCTAssertEqual(Resources.total, baselineTotal, "leaked: \(Resources.snapshot())")
        super.tearDown()
    }

    func testTestsRunOnTheMainQueue() {
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertTrue(DispatchQueue.isMain)
        let notMain = expectation(description: "background")
        DispatchQueue.global().async {
            XCTAssertFalse(DispatchQueue.isMain)
            notMain.fulfill()
        }
        wait(for: [notMain], timeout: hangGuardSeconds)
    }

    func testInstanceRunsAtOnceOnTheMainQueueWhenIdleAndReturnsTheActionsDisposable() {
        var steps: [String] = []
        let returned = BooleanDisposable()
        let disposable = MainScheduler.instance.schedule(1) { value in
            steps.append("ran \(value)")
            return returned
        }
        steps.append("returned")
        XCTAssertEqual(steps, ["ran 1", "returned"])
        disposable.dispose()
        XCTAssertTrue(returned.isDisposed)
    }

    func testScheduleFromARunningActionIsQueuedBehindIt() {
        var steps: [String] = []
        let inner = expectation(description: "inner")
        _ = MainScheduler.instance.schedule(()) { _ in
            steps.append("outer start")
            _ = MainScheduler.instance.schedule(()) { _ in
                steps.append("inner")
                inner.fulfill()
                return Disposables.create()
            }
            steps.append("outer end")
            return Disposables.create()
        }
        XCTAssertEqual(steps, ["outer start", "outer end"])
        wait(for: [inner], timeout: hangGuardSeconds)
        XCTAssertEqual(steps, ["outer start", "outer end", "inner"])
    }

    func testWorkOnTheMainQueueWaitsBehindWorkQueuedFromABackgroundThread() {
        let order = Recorder<String>()
        let both = expectation(description: "both")
        both.expectedFulfillmentCount = 2
        let queued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                order.append("from background")
                both.fulfill()
                return Disposables.create()
            }
            queued.signal()
        }
        XCTAssertEqual(queued.wait(timeout: .now() + hangGuardSeconds), .success)
        _ = MainScheduler.instance.schedule(()) { _ in
            order.append("from main")
            both.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(order.values, [], "queued work pending: the second schedule must not run at once")
        wait(for: [both], timeout: hangGuardSeconds)
        XCTAssertEqual(order.values, ["from background", "from main"])
    }

    func testScheduleFromABackgroundThreadRunsOnTheMainThread() {
        let ran = expectation(description: "ran")
        let runs = Recorder<(value: Int, mainThread: Bool, mainQueue: Bool)>()
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(9) { value in
                runs.append((value, Thread.isMainThread, DispatchQueue.isMain))
                ran.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [ran], timeout: hangGuardSeconds)
        XCTAssertEqual(runs.values.map(\.value), [9])
        XCTAssertEqual(runs.values.map(\.mainThread), [true])
        XCTAssertEqual(runs.values.map(\.mainQueue), [true])
    }

    func testAsyncInstanceAlwaysQueues() {
        var ran: [Bool] = []
        let done = expectation(description: "ran")
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            ran.append(Thread.isMainThread)
            done.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(ran, [])
        wait(for: [done], timeout: hangGuardSeconds)
        XCTAssertEqual(ran, [true])
    }

    func testDisposeBeforeTheMainQueueGetsToItPreventsTheRun() {
        let runs = Recorder<String>()
        let released = WeakSlot<TrackedState>()
        for scheduler in [MainScheduler.instance, MainScheduler.asyncInstance] {
            let queued = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                do {
                    let state = TrackedState(1)
                    released.set(state)
                    let disposable = scheduler.schedule(state) { _ in
                        runs.append("cancelled work ran")
                        return Disposables.create()
                    }
                    disposable.dispose()
                }
                // The state is out of scope here: only the scheduler could still hold it.
                queued.signal()
            }
            XCTAssertEqual(queued.wait(timeout: .now() + hangGuardSeconds), .success)
            XCTAssertNil(released.object)
            drainMainQueue()
        }
        XCTAssertEqual(runs.values, [])
    }

    func testThousandActionsFromABackgroundThreadRunInOrder() {
        for scheduler in [MainScheduler.instance, MainScheduler.asyncInstance] {
            let order = Recorder<Int>()
            let done = expectation(description: "all ran")
            done.expectedFulfillmentCount = 1000
            DispatchQueue.global().async {
                for index in 0..<1000 {
                    _ = scheduler.schedule(index) { index in
                        order.append(index)
                        done.fulfill()
                        return Disposables.create()
                    }
                }
            }
            wait(for: [done], timeout: hangGuardSeconds)
            XCTAssertEqual(order.values, Array(0..<1000))
        }
    }

    func testRelativeRunsOnTheMainQueueAfterTheDueTime() {
        expectRelativeRunsOnMainAfterDueTime(MainScheduler.instance)
        expectRelativeRunsOnMainAfterDueTime(MainScheduler.asyncInstance)
    }

    func testRelativeDisposedBeforeDueNeverRuns() {
        expectRelativeDisposedBeforeDueNeverRunsOnMain(MainScheduler.instance)
    }

    func testPeriodicTicksOnTheMainQueueWithStateAndStopsWhenDisposed() {
        expectPeriodicTicksOnMainThenStops(MainScheduler.instance)
    }

    func testEnsureChecksPassOnTheMainThread() {
        MainScheduler.ensureExecutingOnScheduler()
        MainScheduler.ensureRunningOnMainThread()
        MainScheduler.ensureExecutingOnScheduler(errorMessage: "not reached")
        MainScheduler.ensureRunningOnMainThread(errorMessage: "not reached")
        let checked = expectation(description: "checked")
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            MainScheduler.ensureExecutingOnScheduler()
            MainScheduler.ensureRunningOnMainThread()
            checked.fulfill()
            return Disposables.create()
        }
        wait(for: [checked], timeout: hangGuardSeconds)
    }
}

final class ConcurrentMainSchedulerTests: XCTestCase {
    private var baselineTotal: Int32 = 0

    override func setUp() {
        super.setUp()
        drainMainQueue()
        baselineTotal = Resources.total
    }

    override func tearDown() {
        // Background blocks may still be releasing what they captured: let the count settle.
        drainMainQueue()
        for _ in 0..<100 where Resources.total != baselineTotal {
            Thread.sleep(forTimeInterval: 0.01)
            drainMainQueue()
        }
        XCTAssertEqual(Resources.total, baselineTotal, "leaked: \(Resources.snapshot())")
        super.tearDown()
    }

    func testRunsAtOnceOnTheMainQueueEvenWithWorkQueued() {
        let order = Recorder<String>()
        let queuedRan = expectation(description: "queued work ran")
        let queued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                order.append("queued")
                queuedRan.fulfill()
                return Disposables.create()
            }
            queued.signal()
        }
        XCTAssertEqual(queued.wait(timeout: .now() + hangGuardSeconds), .success)
        let returned = BooleanDisposable()
        let disposable = ConcurrentMainScheduler.instance.schedule(()) { _ in
            order.append("immediate")
            return returned
        }
        XCTAssertEqual(order.values, ["immediate"])
        disposable.dispose()
        XCTAssertTrue(returned.isDisposed)
        wait(for: [queuedRan], timeout: hangGuardSeconds)
        XCTAssertEqual(order.values, ["immediate", "queued"])
    }

    func testScheduleFromABackgroundThreadRunsOnTheMainThread() {
        let ran = expectation(description: "ran")
        let runs = Recorder<(value: String, mainThread: Bool)>()
        DispatchQueue.global().async {
            _ = ConcurrentMainScheduler.instance.schedule("x") { value in
                runs.append((value, Thread.isMainThread))
                ran.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [ran], timeout: hangGuardSeconds)
        XCTAssertEqual(runs.values.map(\.value), ["x"])
        XCTAssertEqual(runs.values.map(\.mainThread), [true])
    }

    func testDisposeBeforeTheMainQueueGetsToItPreventsTheRun() {
        let runs = Recorder<String>()
        let queued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let disposable = ConcurrentMainScheduler.instance.schedule(()) { _ in
                runs.append("cancelled work ran")
                return Disposables.create()
            }
            disposable.dispose()
            queued.signal()
        }
        XCTAssertEqual(queued.wait(timeout: .now() + hangGuardSeconds), .success)
        drainMainQueue()
        XCTAssertEqual(runs.values, [])
    }

    func testTimedWorkRunsOnTheMainQueue() {
        expectRelativeRunsOnMainAfterDueTime(ConcurrentMainScheduler.instance)
        expectRelativeDisposedBeforeDueNeverRunsOnMain(ConcurrentMainScheduler.instance)
        expectPeriodicTicksOnMainThenStops(ConcurrentMainScheduler.instance)
    }

    func testNowIsTheWallClock() {
        let before = Date()
        let now = ConcurrentMainScheduler.instance.now
        let after = Date()
        XCTAssertTrue(before <= now && now <= after)
    }
}

// MARK: - Main-queue checks shared by the two test cases

extension XCTestCase {
    /// Spins the main run loop until everything queued on the main queue so far has run.
    func drainMainQueue(file: StaticString = #filePath, line: UInt = #line) {
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async {
            drained.fulfill()
        }
        wait(for: [drained], timeout: hangGuardSeconds)
    }

    func expectRelativeRunsOnMainAfterDueTime(
        _ scheduler: some SchedulerType,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let due: UInt64 = 30_000_000
        let ran = expectation(description: "relative ran")
        var runs: [(value: Int, elapsed: UInt64, mainThread: Bool)] = []
        let start = uptime()
        _ = scheduler.scheduleRelative(5, dueTime: .nanoseconds(Int(due))) { value in
            runs.append((value, uptime() - start, Thread.isMainThread))
            ran.fulfill()
            return Disposables.create()
        }
        XCTAssertTrue(runs.isEmpty, file: file, line: line)
        wait(for: [ran], timeout: hangGuardSeconds)
        XCTAssertEqual(runs.map(\.value), [5], file: file, line: line)
        XCTAssertEqual(runs.map(\.mainThread), [true], file: file, line: line)
        XCTAssertGreaterThanOrEqual(runs.first?.elapsed ?? 0, due, file: file, line: line)
    }

    func expectRelativeDisposedBeforeDueNeverRunsOnMain(
        _ scheduler: some SchedulerType,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var runs = 0
        let disposable = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            runs += 1
            return Disposables.create()
        }
        disposable.dispose()
        let later = expectation(description: "later")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(60)) { _ in
            later.fulfill()
            return Disposables.create()
        }
        wait(for: [later], timeout: hangGuardSeconds)
        XCTAssertEqual(runs, 0, file: file, line: line)
    }

    func expectPeriodicTicksOnMainThenStops(
        _ scheduler: some SchedulerType,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var states: [Int] = []
        var allOnMain = true
        let fifth = expectation(description: "fifth tick")
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            scheduler.schedulePeriodic(0, startAfter: .milliseconds(5), period: .milliseconds(5)) { state in
                states.append(state)
                allOnMain = allOnMain && Thread.isMainThread
                if state == 4 {
                    holder.dispose()
                    fifth.fulfill()
                }
                return state + 1
            })
        wait(for: [fifth], timeout: hangGuardSeconds)
        let later = expectation(description: "ten periods later")
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
            later.fulfill()
            return Disposables.create()
        }
        wait(for: [later], timeout: hangGuardSeconds)
        XCTAssertEqual(states, [0, 1, 2, 3, 4], file: file, line: line)
        XCTAssertTrue(allOnMain, file: file, line: line)
    }
}
