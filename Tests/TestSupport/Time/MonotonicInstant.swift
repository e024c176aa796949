import Dispatch

/// A reading of the monotonic clock, for the deadlines and elapsed times of tests.
///
/// Read from `DispatchTime`, which every system of the package floor has: `ContinuousClock`
/// and `Duration` need macOS 13 / iOS 16, above what SwiftPM builds test targets for.
public struct MonotonicInstant: Sendable, Comparable {
    /// Nanoseconds since an arbitrary point of this boot (`DispatchTime.uptimeNanoseconds`).
    public let nanoseconds: UInt64

    /// The clock now.
    public static var now: MonotonicInstant {
        MonotonicInstant(nanoseconds: DispatchTime.now().uptimeNanoseconds)
    }

    /// The instant `seconds` from now, for a wait's deadline (`hangGuardSeconds` for the usual one).
    public static func after(seconds: Double) -> MonotonicInstant {
        now.advanced(bySeconds: seconds)
    }

    /// Whether the clock has reached this instant: a deadline that has passed.
    public var hasPassed: Bool { MonotonicInstant.now >= self }

    /// This instant moved `seconds` later (earlier when negative), clamped to the clock's range.
    public func advanced(bySeconds seconds: Double) -> MonotonicInstant {
        let moved = Double(nanoseconds) + seconds * 1e9
        return MonotonicInstant(nanoseconds: UInt64(min(max(moved, 0), Double(UInt64.max / 2))))
    }

    /// The seconds from this instant to `later` (negative if `later` is earlier).
    public func seconds(to later: MonotonicInstant) -> Double {
        later.nanoseconds >= nanoseconds
            ? Double(later.nanoseconds - nanoseconds) / 1e9
            : -Double(nanoseconds - later.nanoseconds) / 1e9
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}
