#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A wall-clock instant as `debug()` stamps its lines: seconds and microseconds since the
/// Unix epoch, printed in local time as `yyyy-MM-dd HH:mm:ss.SSS`.
///
/// Formatting is done by hand from `localtime_r`, once per line: a `DateFormatter` costs
/// microseconds per call, more than the rest of a debug line.
struct DebugTimestamp: Sendable, Hashable {
    /// Whole seconds since 1970-01-01 00:00:00 UTC.
    var seconds: Int
    /// The microseconds within the second, `0..<1_000_000`.
    var microseconds: Int

    /// The current wall-clock time, from `gettimeofday`.
    static func now() -> DebugTimestamp {
        var time = timeval()
        gettimeofday(&time, nil)
        return DebugTimestamp(seconds: Int(time.tv_sec), microseconds: Int(time.tv_usec))
    }

    /// The instant in local time as `yyyy-MM-dd HH:mm:ss.SSS`, rounded to the nearest
    /// millisecond as `DateFormatter` does (`.9996` shows as the next second's `.000`).
    var formatted: String {
        var milliseconds = (min(max(microseconds, 0), 999_999) + 500) / 1000
        var clock = time_t(seconds)
        if milliseconds == 1000 {
            milliseconds = 0
            clock += 1
        }
        var parts = tm()
        guard localtime_r(&clock, &parts) != nil else {
            return "\(seconds).\(microseconds)"
        }
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else {
            // Outside four digits: no fixed-width fast path.
            return "\(year)-\(Self.padded(Int(parts.tm_mon) + 1, 2))-\(Self.padded(Int(parts.tm_mday), 2)) "
                + "\(Self.padded(Int(parts.tm_hour), 2)):\(Self.padded(Int(parts.tm_min), 2)):"
                + "\(Self.padded(Int(parts.tm_sec), 2)).\(Self.padded(milliseconds, 3))"
        }
        return String(unsafeUninitializedCapacity: 23) { buffer in
            var index = 0
            func put(_ value: Int, digits: Int) {
                var divisor = 1
                for _ in 1..<digits { divisor *= 10 }
                var rest = value
                while divisor > 0 {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest / divisor)
                    rest %= divisor
                    divisor /= 10
                    index += 1
                }
            }
            func put(_ character: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: character)
                index += 1
            }
            put(year, digits: 4)
            put("-")
            put(Int(parts.tm_mon) + 1, digits: 2)
            put("-")
            put(Int(parts.tm_mday), digits: 2)
            put(" ")
            put(Int(parts.tm_hour), digits: 2)
            put(":")
            put(Int(parts.tm_min), digits: 2)
            put(":")
            put(Int(parts.tm_sec), digits: 2)
            put(".")
            put(milliseconds, digits: 3)
            return index
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
