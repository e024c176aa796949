import Dispatch

/// A point on the monotonic clock at which a wait gives up: an export's or a request's
/// deadline, `top`'s next refresh.
///
/// Read from `DispatchTime`, which every system of the package floor has: `ContinuousClock`
/// needs macOS 13 / iOS 16, and SwiftPM builds the executable for macOS 10.13.
struct MonotonicDeadline: Comparable {
    /// The deadline in `DispatchTime.uptimeNanoseconds`.
    private let uptime: UInt64

    /// The deadline `seconds` from now (now itself for zero or less).
    init(secondsFromNow seconds: Double) {
        let now = DispatchTime.now().uptimeNanoseconds
        uptime = now + UInt64(min(max(seconds, 0) * 1e9, Double(UInt64.max - now) / 2))
    }

    /// The seconds left until the deadline; zero or less once it has passed.
    var secondsLeft: Double {
        let now = DispatchTime.now().uptimeNanoseconds
        return uptime >= now ? Double(uptime - now) / 1e9 : -Double(now - uptime) / 1e9
    }

    /// Whether `lhs` comes before `rhs`.
    static func < (lhs: MonotonicDeadline, rhs: MonotonicDeadline) -> Bool {
        lhs.uptime < rhs.uptime
    }
}
