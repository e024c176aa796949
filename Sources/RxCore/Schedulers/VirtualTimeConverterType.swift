import Foundation

/// Translates between a virtual time scheduler's own notion of time and real time.
///
/// A ``VirtualTimeScheduler`` keeps its clock in `VirtualTimeUnit` (ticks for RxTest's
/// `TestScheduler`, dates for ``HistoricalScheduler``) and converts to and from ``RxTime`` and
/// seconds only where the ``SchedulerType`` API demands it.
public protocol VirtualTimeConverterType {
    /// The type of a point in virtual time.
    associatedtype VirtualTimeUnit
    /// The type of a span of virtual time.
    associatedtype VirtualTimeIntervalUnit

    /// Converts a point in virtual time to real time.
    ///
    /// - Parameter virtualTime: The virtual time.
    /// - Returns: The corresponding real time.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

    /// Converts a point in real time to virtual time.
    ///
    /// - Parameter time: The real time.
    /// - Returns: The corresponding virtual time.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

    /// Converts a span of virtual time to seconds.
    ///
    /// - Parameter virtualTimeInterval: The virtual span.
    /// - Returns: The span in seconds.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval

    /// Converts a span in seconds to virtual time.
    ///
    /// - Parameter timeInterval: The span in seconds.
    /// - Returns: The corresponding virtual span.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit

    /// Moves a point in virtual time by a virtual span.
    ///
    /// - Parameters:
    ///   - time: The starting point.
    ///   - offset: The span to add (may be negative).
    /// - Returns: The moved point.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit

    /// Orders two points in virtual time.
    ///
    /// - Returns: How `lhs` compares to `rhs`.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of ``VirtualTimeConverterType/compareVirtualTime(_:_:)``.
public enum VirtualTimeComparison: Sendable {
    /// The first time is earlier than the second.
    case lessThan
    /// The two times are the same.
    case equal
    /// The first time is later than the second.
    case greaterThan
}

extension VirtualTimeComparison {
    /// Whether the first time is earlier than the second.
    public var isLessThan: Bool { self == .lessThan }

    /// Whether the two times are the same.
    public var isEqual: Bool { self == .equal }

    /// Whether the first time is later than the second.
    public var isGreaterThan: Bool { self == .greaterThan }
}
