import Foundation
import RxCore
import Testing

@Suite("HistoricalScheduler")
struct HistoricalSchedulerTests {
    @Test("starts at the epoch by default")
    func startsAtTheEpochByDefault() {
        let scheduler = HistoricalScheduler()
        #expect(scheduler.clock == Date(timeIntervalSince1970: 0))
        #expect(scheduler.now == Date(timeIntervalSince1970: 0))
    }

    @Test("runs work at its dates in order")
    func runsWorkAtItsDatesInOrder() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        var entries: [String] = []
        func record(_ label: String) -> (()) -> Disposable {
            { _ in
                entries.append("\(label)@\(scheduler.now.timeIntervalSince1970)")
                return Disposables.create()
            }
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(30), action: record("b"))
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_500), action: record("a"))
        _ = scheduler.scheduleAbsoluteVirtual((), time: start.addingTimeInterval(30), action: record("c"))
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 60, action: record("d"))
        _ = scheduler.schedule((), action: record("now"))
        scheduler.start()
        #expect(entries == ["now@1000.0", "a@1001.5", "b@1030.0", "c@1030.0", "d@1060.0"])
        #expect(scheduler.clock == start.addingTimeInterval(60))
    }

    @Test("advance to and sleep")
    func advanceToAndSleep() {
        let scheduler = HistoricalScheduler()
        var ran: [Double] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            ran.append(scheduler.now.timeIntervalSince1970)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            ran.append(scheduler.now.timeIntervalSince1970)
            return Disposables.create()
        }
        scheduler.advanceTo(Date(timeIntervalSince1970: 15))
        #expect(ran == [10])
        #expect(scheduler.clock == Date(timeIntervalSince1970: 15))
        scheduler.sleep(10)
        #expect(scheduler.clock == Date(timeIntervalSince1970: 25))
        #expect(ran == [10])
        scheduler.start()
        #expect(ran == [10, 25])
    }

    @Test("converter is the identity")
    func converterIsTheIdentity() {
        let converter = HistoricalSchedulerTimeConverter()
        let date = Date(timeIntervalSince1970: 123.5)
        #expect(converter.convertToVirtualTime(date) == date)
        #expect(converter.convertFromVirtualTime(date) == date)
        #expect(converter.convertToVirtualTimeInterval(2.5) == 2.5)
        #expect(converter.convertFromVirtualTimeInterval(2.5) == 2.5)
        #expect(converter.offsetVirtualTime(date, offset: -3.5) == Date(timeIntervalSince1970: 120))
        #expect(converter.compareVirtualTime(date, date) == .equal)
        #expect(converter.compareVirtualTime(date, date.addingTimeInterval(1)) == .lessThan)
        #expect(converter.compareVirtualTime(date.addingTimeInterval(1), date) == .greaterThan)
    }
}
