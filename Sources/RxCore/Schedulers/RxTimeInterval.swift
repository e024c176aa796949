import Dispatch
import Foundation

/// A span of time for schedulers and time-based operators, such as `.milliseconds(300)`.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time, as schedulers report it through `now`.
public typealias RxTime = Date

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    public var asSeconds: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: fatalError("Unknown DispatchTimeInterval")
        }
    }

    /// The interval in whole nanoseconds, saturating at `Int.max`; `.never` is `Int.max`.
    public var asNanoseconds: Int {
        switch self {
        case .seconds(let value): return value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000
        case .milliseconds(let value): return value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000
        case .microseconds(let value): return value.multipliedReportingOverflow(by: 1_000).overflow ? .max : value * 1_000
        case .nanoseconds(let value): return value
        case .never: return .max
        @unknown default: fatalError("Unknown DispatchTimeInterval")
        }
    }

    /// Whether the interval is zero or negative.
    var isNowOrPast: Bool {
        asNanoseconds <= 0
    }

    /// Adds this interval to a date.
    func added(to date: Date) -> Date {
        date.addingTimeInterval(asSeconds)
    }
}
