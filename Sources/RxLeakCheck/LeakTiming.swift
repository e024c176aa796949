import Dispatch
import RxCore

/// The leak checks' clock and time spans, in nanoseconds: `DispatchTime` and RxSwift's
/// `RxTimeInterval` rather than `ContinuousClock` and `Duration`, which need macOS 13 / iOS 16,
/// so that the checks run on every system the package deploys to.
///
/// `DispatchTime` is the monotonic uptime clock; 64-bit nanoseconds throughout, so the spans
/// are the same on watchOS's 32-bit `Int`.
enum LeakTiming {
    /// The monotonic clock now, in `DispatchTime.uptimeNanoseconds`.
    static var now: UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// The nanoseconds from `start` (a reading of ``now``) until now.
    static func nanoseconds(since start: UInt64) -> UInt64 {
        let current = now
        return current >= start ? current - start : 0
    }

    /// `interval` in nanoseconds: a negative span is zero (as a negative `Duration` was: its
    /// moment has already passed), a span too long for `Int64` is `Int64.max`, and `.never` is
    /// `nil` (the caller says what that means).
    static func nanoseconds(_ interval: RxTimeInterval) -> Int64? {
        let value: Int
        let scale: Int64
        switch interval {
        case .seconds(let seconds): (value, scale) = (seconds, 1_000_000_000)
        case .milliseconds(let milliseconds): (value, scale) = (milliseconds, 1_000_000)
        case .microseconds(let microseconds): (value, scale) = (microseconds, 1_000)
        case .nanoseconds(let nanoseconds): (value, scale) = (nanoseconds, 1)
        case .never: return nil
        @unknown default: preconditionFailure("a DispatchTimeInterval case this version of the leak checks does not know")
        }
        guard value > 0 else { return 0 }
        let product = Int64(value).multipliedReportingOverflow(by: scale)
        return product.overflow ? .max : product.partialValue
    }
}
