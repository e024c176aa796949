import CRxTrace
import Foundation
internal import RxTraceFormat

/// Turns the tick counts stored in records into nanoseconds since the trace started.
///
/// Records are stamped with the CPU's counter when it runs at a constant rate (12 ns against
/// 32 ns for `clock_gettime` here), and converted once, when the trace is read. The rate is
/// measured against the monotonic clock over the life of the trace, and over a short spin at
/// start for traces read soon after they begin.
struct TraceTimebase: Sendable {
    /// Where the ticks come from.
    let clock: TraceClock
    /// The tick count when the trace started.
    let startTicks: UInt64
    /// The monotonic clock when the trace started, in nanoseconds.
    let startMonotonic: UInt64
    /// The wall clock when the trace started, in nanoseconds since 1970.
    let startWallClock: Int64
    /// Nanoseconds per tick, measured at start.
    private let initialRate: Double

    /// Starts a timebase now.
    static func start() -> TraceTimebase {
        let cpuCounter = rxtrace_ticks_are_cpu_counter()
        let wall = Int64((Date().timeIntervalSince1970 * 1e9).rounded())
        let monotonic = rxtrace_monotonic_ns()
        let ticks = rxtrace_ticks()
        guard cpuCounter else {
            return TraceTimebase(clock: .monotonic, startTicks: ticks, startMonotonic: monotonic, startWallClock: wall, initialRate: 1)
        }
        // A 2 ms spin gives the rate to about 0.1 %, enough until the trace itself is longer.
        var nowMonotonic = monotonic
        var nowTicks = ticks
        while nowMonotonic - monotonic < 2_000_000 {
            nowMonotonic = rxtrace_monotonic_ns()
            nowTicks = rxtrace_ticks()
        }
        let rate = nowTicks > ticks ? Double(nowMonotonic - monotonic) / Double(nowTicks - ticks) : 1
        return TraceTimebase(clock: .cpuCounter, startTicks: ticks, startMonotonic: monotonic, startWallClock: wall, initialRate: rate)
    }

    /// The current tick count, as records are stamped.
    @inline(__always)
    static func now() -> UInt64 { rxtrace_ticks() }

    /// A converter fixed at this moment: the rate measured from the start to now when that span
    /// is long enough to beat the start-up measurement.
    func converter() -> Converter {
        guard clock == .cpuCounter else {
            return Converter(startTicks: startTicks, rate: 1)
        }
        let monotonic = rxtrace_monotonic_ns()
        let ticks = rxtrace_ticks()
        if monotonic - startMonotonic > 50_000_000, ticks > startTicks {
            return Converter(startTicks: startTicks, rate: Double(monotonic - startMonotonic) / Double(ticks - startTicks))
        }
        return Converter(startTicks: startTicks, rate: initialRate)
    }

    /// Converts tick counts with one fixed rate.
    struct Converter: Sendable {
        let startTicks: UInt64
        let rate: Double

        /// Nanoseconds since the trace started; ticks from before the start read as 0.
        @inline(__always)
        func nanoseconds(_ ticks: UInt64) -> UInt64 {
            guard ticks > startTicks else { return 0 }
            if rate == 1 { return ticks - startTicks }
            return UInt64(Double(ticks - startTicks) * rate)
        }
    }
}
