import Foundation
import RxCore

/// The converter of ``TestScheduler``: virtual time is a number of ticks, each lasting
/// `resolution` seconds, counted from the Unix epoch.
///
/// Seconds convert to ticks by rounding `seconds / resolution` to the nearest tick (halves
/// away from zero); results beyond the range of `Int` saturate at its bounds.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    /// A point in virtual time: ticks since the epoch.
    public typealias VirtualTimeUnit = Int
    /// A span of virtual time: a number of ticks.
    public typealias VirtualTimeIntervalUnit = Int

    /// The length of one tick in seconds.
    public let resolution: Double

    /// Creates a converter whose ticks last `resolution` seconds.
    ///
    /// - Parameter resolution: Seconds per tick; must be positive.
    public init(resolution: Double) {
        precondition(resolution > 0 && resolution.isFinite, "TestScheduler: the resolution must be a positive number of seconds")
        self.resolution = resolution
    }

    /// The date `virtualTime` ticks after the epoch.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        RxTime(timeIntervalSince1970: TimeInterval(virtualTime) * resolution)
    }

    /// The tick nearest to `time`.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        Self.ticks(time.timeIntervalSince1970 / resolution)
    }

    /// The number of seconds `virtualTimeInterval` ticks last.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    /// The number of ticks nearest to `timeInterval` seconds.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        Self.ticks(timeInterval / resolution)
    }

    /// `time` moved by `offset` ticks, saturating at the bounds of `Int`.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        if overflow { return offset > 0 ? .max : .min }
        return sum
    }

    /// Orders two tick counts.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        if lhs < rhs { return .lessThan }
        if lhs > rhs { return .greaterThan }
        return .equal
    }

    /// Rounds a tick count to the nearest integer, saturating; NaN is 0.
    private static func ticks(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        if rounded >= Double(Int.max) { return .max }
        if rounded <= Double(Int.min) { return .min }
        return Int(rounded)
    }
}
