import Foundation
import RxCore
import Testing

/// Virtual time in whole milliseconds since the epoch.
private struct MillisecondConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: Double(virtualTime) / 1_000)
    }

    func convertToVirtualTime(_ time: RxTime) -> Int {
        Int((time.timeIntervalSince1970 * 1_000).rounded())
    }

    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        Double(virtualTimeInterval) / 1_000
    }

    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        Int((timeInterval * 1_000).rounded())
    }

    func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        time + offset
    }

    func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs > rhs ? .greaterThan : .equal)
    }
}

/// A subclass that rounds every relative due time up to the next multiple of 100 ms.
private final class QuantizedScheduler: VirtualTimeScheduler<MillisecondConverter> {
    init() {
        super.init(initialClock: 0, converter: MillisecondConverter())
    }

    override func adjustScheduledTime(_ time: Int) -> Int {
        (time + 99) / 100 * 100
    }
}

@Suite("VirtualTimeScheduler with a custom converter")
struct VirtualTimeSchedulerTests {
    @Test("base scheduler does not adjust times")
    func baseSchedulerDoesNotAdjustTimes() {
        let scheduler = VirtualTimeScheduler(initialClock: 1_000, converter: MillisecondConverter())
        #expect(scheduler.now == Date(timeIntervalSince1970: 1))
        var ran: [Int] = []
        _ = scheduler.schedule(()) { _ in
            ran.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .microseconds(2_600)) { _ in
            ran.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        #expect(ran == [1_000, 1_003])
    }

    @Test("subclass adjusts relative but not absolute times")
    func subclassAdjustsRelativeButNotAbsoluteTimes() {
        let scheduler = QuantizedScheduler()
        var ran: [String] = []
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(130)) { _ in
            ran.append("relative@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 150) { _ in
            ran.append("absolute@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 170) { _ in
            ran.append("virtual@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        #expect(ran == ["absolute@150", "virtual@170", "relative@200"])
    }

    @Test("comparison helpers")
    func comparisonHelpers() {
        #expect(VirtualTimeComparison.lessThan.isLessThan)
        #expect(!VirtualTimeComparison.lessThan.isGreaterThan)
        #expect(VirtualTimeComparison.equal.isEqual)
        #expect(VirtualTimeComparison.greaterThan.isGreaterThan)
        #expect(!VirtualTimeComparison.greaterThan.isEqual)
    }
}
