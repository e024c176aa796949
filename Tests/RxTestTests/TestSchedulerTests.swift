import Foundation
import RxCore
import RxTest
import Testing

/// Records the clock each time an action runs, with a label.
private final class RunLog {
    var entries: [String] = []

    func action(_ label: String, _ scheduler: TestScheduler) -> (()) -> Disposable {
        { _ in
            self.entries.append("\(label)@\(scheduler.clock)")
            return Disposables.create()
        }
    }
}

@Suite("TestScheduler: ordering and time")
struct TestSchedulerTests {
    @Test("initial clock and now")
    func initialClockAndNow() {
        let scheduler = TestScheduler(initialClock: 10)
        #expect(scheduler.clock == 10)
        #expect(scheduler.now == Date(timeIntervalSince1970: 10))
        let fine = TestScheduler(initialClock: 10, resolution: 0.1)
        #expect(abs(fine.now.timeIntervalSince1970 - 1.0) < 1e-9)
    }

    @Test("work runs in time order and ties in scheduling order")
    func workRunsInTimeOrderAndTiesInSchedulingOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let log = RunLog()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 30, action: log.action("a", scheduler))
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10, action: log.action("b", scheduler))
        _ = scheduler.scheduleAbsoluteVirtual((), time: 20, action: log.action("c", scheduler))
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10, action: log.action("d", scheduler))
        _ = scheduler.scheduleAbsoluteVirtual((), time: 20, action: log.action("e", scheduler))
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10, action: log.action("f", scheduler))
        scheduler.start()
        #expect(log.entries == ["b@10", "d@10", "f@10", "c@20", "e@20", "a@30"])
        #expect(scheduler.clock == 30)
    }

    @Test("many ties stay stable")
    func manyTiesStayStable() {
        let scheduler = TestScheduler(initialClock: 0)
        var order: [Int] = []
        for index in 0..<200 {
            scheduler.scheduleAt(index % 3 == 0 ? 5 : 7) { order.append(index) }
        }
        scheduler.start()
        let fives = (0..<200).filter { $0 % 3 == 0 }
        let sevens = (0..<200).filter { $0 % 3 != 0 }
        #expect(order == fives + sevens)
    }

    @Test("work scheduled during run joins the run")
    func workScheduledDuringRunJoinsTheRun() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) {
            entries.append("outer@\(scheduler.clock)")
            scheduler.scheduleAt(15) { entries.append("inner@\(scheduler.clock)") }
            scheduler.scheduleAt(10) { entries.append("same@\(scheduler.clock)") }
        }
        scheduler.scheduleAt(12) { entries.append("later@\(scheduler.clock)") }
        scheduler.start()
        #expect(entries == ["outer@10", "same@10", "later@12", "inner@15"])
    }

    @Test("work due in the past runs without moving the clock back")
    func workDueInThePastRunsWithoutMovingTheClockBack() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(50) {
            scheduler.scheduleAt(20) { entries.append("past@\(scheduler.clock)") }
        }
        scheduler.scheduleAt(60) { entries.append("future@\(scheduler.clock)") }
        scheduler.start()
        #expect(entries == ["past@50", "future@60"])
    }

    @Test("schedule runs one tick later with processing delay")
    func scheduleRunsOneTickLaterWithProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                entries.append("now@\(scheduler.clock)")
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(-5)) { _ in
                entries.append("past@\(scheduler.clock)")
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
                entries.append("one@\(scheduler.clock)")
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(3)) { _ in
                entries.append("three@\(scheduler.clock)")
                return Disposables.create()
            }
        }
        scheduler.start()
        #expect(entries == ["now@101", "past@101", "one@101", "three@103"])
    }

    @Test("schedule runs at the same tick without processing delay")
    func scheduleRunsAtTheSameTickWithoutProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var entries: [String] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.schedule(()) { _ in
                entries.append("now@\(scheduler.clock)")
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(-5)) { _ in
                entries.append("past@\(scheduler.clock)")
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
                entries.append("one@\(scheduler.clock)")
                return Disposables.create()
            }
        }
        scheduler.scheduleAt(100) { entries.append("tie@\(scheduler.clock)") }
        scheduler.start()
        #expect(entries == ["tie@100", "now@100", "past@100", "one@101"])
    }

    @Test("adjust scheduled time follows RxSwift")
    func adjustScheduledTimeFollowsRxSwift() {
        let delayed = TestScheduler(initialClock: 50)
        #expect(delayed.adjustScheduledTime(49) == 51)
        #expect(delayed.adjustScheduledTime(50) == 51)
        #expect(delayed.adjustScheduledTime(51) == 51)
        #expect(delayed.adjustScheduledTime(52) == 52)
        let immediate = TestScheduler(initialClock: 50, simulateProcessingDelay: false)
        #expect(immediate.adjustScheduledTime(49) == 50)
        #expect(immediate.adjustScheduledTime(50) == 50)
        #expect(immediate.adjustScheduledTime(52) == 52)
    }

    @Test(
        "a relative due time is rounded to the nearest tick of the resolution",
        arguments: [
            // (resolution, due time, expected tick)
            (1.0, RxTimeInterval.seconds(5), 5),
            (1.0, RxTimeInterval.milliseconds(400), 1),  // 0 rounded, moved to clock + 1
            (1.0, RxTimeInterval.milliseconds(1_500), 2),
            (1.0, RxTimeInterval.milliseconds(2_499), 2),
            (0.1, RxTimeInterval.milliseconds(250), 3),
            (0.1, RxTimeInterval.milliseconds(240), 2),
            (0.001, RxTimeInterval.seconds(2), 2_000),
            (0.01, RxTimeInterval.microseconds(15_000), 2),
        ]
    )
    func resolutionRoundsToTheNearestTick(resolution: Double, dueTime: RxTimeInterval, tick: Int) {
        let scheduler = TestScheduler(initialClock: 0, resolution: resolution)
        var ranAt: Int?
        _ = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            ranAt = scheduler.clock
            return Disposables.create()
        }
        scheduler.start()
        #expect(ranAt == tick)
    }

    @Test("never due time schedules nothing")
    func neverDueTimeSchedulesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        _ = scheduler.scheduleRelative((), dueTime: .never) { _ in
            ran = true
            return Disposables.create()
        }
        scheduler.start()
        #expect(!ran)
        #expect(scheduler.clock == 0)
    }

    @Test("schedule relative virtual is not adjusted")
    func scheduleRelativeVirtualIsNotAdjusted() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) {
            _ = scheduler.scheduleRelativeVirtual((), dueTime: 0) { _ in
                entries.append("zero@\(scheduler.clock)")
                return Disposables.create()
            }
            _ = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
                entries.append("five@\(scheduler.clock)")
                return Disposables.create()
            }
        }
        scheduler.start()
        #expect(entries == ["zero@10", "five@15"])
    }

    @Test("disposed work never runs")
    func disposedWorkNeverRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        let first = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            entries.append("first")
            return Disposables.create()
        }
        let second = scheduler.scheduleAbsoluteVirtual((), time: 20) { _ in
            entries.append("second")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 15) { _ in
            entries.append("cancel second")
            second.dispose()
            return Disposables.create()
        }
        first.dispose()
        scheduler.start()
        #expect(entries == ["cancel second"])
        #expect(scheduler.clock == 15)
    }

    @Test("disposing after run disposes what the action returned")
    func disposingAfterRunDisposesWhatTheActionReturned() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedInner = false
        let item = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            Disposables.create { disposedInner = true }
        }
        scheduler.start()
        #expect(!disposedInner)
        item.dispose()
        #expect(disposedInner)
    }

    @Test("stop ends the run and start resumes")
    func stopEndsTheRunAndStartResumes() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) { entries.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) {
            entries.append("b@\(scheduler.clock)")
            scheduler.stop()
        }
        scheduler.scheduleAt(20) { entries.append("c@\(scheduler.clock)") }
        scheduler.scheduleAt(30) { entries.append("d@\(scheduler.clock)") }
        scheduler.start()
        #expect(entries == ["a@10", "b@20"])
        #expect(scheduler.clock == 20)
        #expect(!scheduler.isRunning)
        scheduler.start()
        #expect(entries == ["a@10", "b@20", "c@20", "d@30"])
    }

    @Test("start during run does nothing")
    func startDuringRunDoesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) {
            entries.append("a")
            #expect(scheduler.isRunning)
            scheduler.start()
            entries.append("after nested start")
        }
        scheduler.scheduleAt(20) { entries.append("b") }
        scheduler.start()
        #expect(entries == ["a", "after nested start", "b"])
    }

    @Test("advance to runs due work and sets the clock")
    func advanceToRunsDueWorkAndSetsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) { entries.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { entries.append("b@\(scheduler.clock)") }
        scheduler.scheduleAt(21) { entries.append("c@\(scheduler.clock)") }
        scheduler.advanceTo(20)
        #expect(entries == ["a@10", "b@20"])
        #expect(scheduler.clock == 20)
        scheduler.advanceTo(25)
        #expect(entries == ["a@10", "b@20", "c@21"])
        #expect(scheduler.clock == 25)
        scheduler.advanceTo(40)
        #expect(scheduler.clock == 40)
        #expect(!scheduler.isRunning)
    }

    @Test("advance to stops early but still sets the clock")
    func advanceToStopsEarlyButStillSetsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) {
            entries.append("a")
            scheduler.stop()
        }
        scheduler.scheduleAt(15) { entries.append("b") }
        scheduler.advanceTo(30)
        #expect(entries == ["a"])
        #expect(scheduler.clock == 30)
        scheduler.start()
        #expect(entries == ["a", "b"])
        #expect(scheduler.clock == 30)
    }

    @Test("sleep moves the clock without running work")
    func sleepMovesTheClockWithoutRunningWork() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) { entries.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(30) { entries.append("b@\(scheduler.clock)") }
        scheduler.sleep(20)
        #expect(scheduler.clock == 20)
        #expect(entries.isEmpty)
        scheduler.start()
        #expect(entries == ["a@20", "b@30"])
    }

    @Test("sleep inside work delays later work")
    func sleepInsideWorkDelaysLaterWork() {
        let scheduler = TestScheduler(initialClock: 0)
        var entries: [String] = []
        scheduler.scheduleAt(10) {
            scheduler.sleep(15)
            entries.append("slept to \(scheduler.clock)")
        }
        scheduler.scheduleAt(20) { entries.append("b@\(scheduler.clock)") }
        scheduler.start()
        #expect(entries == ["slept to 25", "b@25"])
    }

    @Test("recursive scheduling runs on virtual time")
    func recursiveSchedulingRunsOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [Int] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRecursive(0, dueTime: .seconds(10)) { count, recurse in
                ticks.append(scheduler.clock)
                if count < 3 { recurse.schedule(count + 1, dueTime: .seconds(10)) }
            }
        }
        scheduler.start()
        #expect(ticks == [110, 120, 130, 140])
    }

    @Test("schedule periodic ticks on virtual time")
    func schedulePeriodicTicksOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [Int] = []
        var periodic: Disposable?
        scheduler.scheduleAt(100) {
            periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) { state in
                ticks.append(scheduler.clock)
                return state + 1
            }
        }
        scheduler.scheduleAt(140) { periodic?.dispose() }
        scheduler.start()
        #expect(ticks == [105, 115, 125, 135])
    }

    @Test("create observer records arrival times")
    func createObserverRecordsArrivalTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(String.self)
        scheduler.scheduleAt(10) { observer.onNext("a") }
        scheduler.scheduleAt(30) { observer.onNext("b") }
        scheduler.scheduleAt(40) { observer.onCompleted() }
        scheduler.start()
        #expect(observer.events == [.next(10, "a"), .next(30, "b"), .completed(40)])
    }

    @Test("converter rounds and saturates")
    func converterRoundsAndSaturates() {
        let converter = TestSchedulerVirtualTimeConverter(resolution: 0.5)
        #expect(converter.convertToVirtualTimeInterval(1.24) == 2)
        #expect(converter.convertToVirtualTimeInterval(1.25) == 3)
        #expect(converter.convertToVirtualTimeInterval(-1.25) == -3)
        #expect(converter.convertToVirtualTimeInterval(.infinity) == .max)
        #expect(converter.convertToVirtualTimeInterval(-.infinity) == .min)
        #expect(converter.convertToVirtualTimeInterval(.nan) == 0)
        #expect(converter.convertFromVirtualTimeInterval(3) == 1.5)
        #expect(converter.convertToVirtualTime(Date(timeIntervalSince1970: 10)) == 20)
        #expect(converter.convertFromVirtualTime(20) == Date(timeIntervalSince1970: 10))
        #expect(converter.offsetVirtualTime(.max - 1, offset: 5) == .max)
        #expect(converter.offsetVirtualTime(.min + 1, offset: -5) == .min)
        #expect(converter.offsetVirtualTime(10, offset: -4) == 6)
        #expect(converter.compareVirtualTime(1, 2) == .lessThan)
    }
}
