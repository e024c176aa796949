/// A write position in memory that ``BufferedOutput/reserve(_:)`` handed out: the exports'
/// formatting writes text there byte by byte, with no `String` built per record.
///
/// The caller reserves enough bytes for everything it writes before it starts (see the
/// `…Bound` constants), so the writers never check for room: that check is done once per
/// record, not once per byte.
struct ByteCursor {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>

    /// The most bytes ``decimal(_:)-(UInt64)`` and ``decimal(_:)-(Int64)`` write.
    static let decimalBound = 20
    /// The most bytes ``microseconds(_:)`` writes: 18 digits, a point and 3 more.
    static let microsecondsBound = 22

    /// A cursor starting at `start`.
    init(_ start: UnsafeMutablePointer<UInt8>) {
        position = start
    }

    /// Writes one byte.
    @inline(__always)
    mutating func byte(_ value: UInt8) {
        position.pointee = value
        position += 1
    }

    /// Writes a literal (its UTF-8 bytes).
    @inline(__always)
    mutating func literal(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        position.update(from: text.utf8Start, count: count)
        position += count
    }

    /// Writes bytes as they are.
    @inline(__always)
    mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress else { return }
        position.update(from: base, count: source.count)
        position += source.count
    }

    /// Writes `value` in decimal, as `String(value)` spells it.
    mutating func decimal(_ value: UInt64) {
        if value < 10 {
            byte(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
            return
        }
        let count = Self.digitCount(value)
        var end = position + count
        var rest = value
        // Two digits per division: half the divisions of one digit at a time.
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            end -= 2
            end[0] = Self.digitPairs[pair &* 2]
            end[1] = Self.digitPairs[pair &* 2 &+ 1]
        }
        if rest >= 10 {
            end -= 2
            end[0] = Self.digitPairs[Int(truncatingIfNeeded: rest) &* 2]
            end[1] = Self.digitPairs[Int(truncatingIfNeeded: rest) &* 2 &+ 1]
        } else {
            end -= 1
            end[0] = UInt8(truncatingIfNeeded: rest) &+ UInt8(ascii: "0")
        }
        position += count
    }

    /// Writes `value` in decimal with a leading `-` when negative, as `String(value)` spells it
    /// (`Int64.min` included).
    mutating func decimal(_ value: Int64) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
        }
        decimal(value.magnitude)
    }

    /// Writes `value` in lowercase hexadecimal without a prefix, as `String(value, radix: 16)`.
    mutating func hexadecimal(_ value: UInt64) {
        let digits = value == 0 ? 1 : (64 - value.leadingZeroBitCount + 3) / 4
        var rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            let nibble = UInt8(truncatingIfNeeded: rest & 0xF)
            position[index] = nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
            rest >>= 4
        }
        position += digits
    }

    /// Writes nanoseconds as microseconds: `12` for 12 000, `12.034` for 12 034 (three decimals
    /// when there is a fraction, none otherwise).
    mutating func microseconds(_ nanoseconds: UInt64) {
        decimal(nanoseconds / 1000)
        let fraction = Int(nanoseconds % 1000)
        guard fraction != 0 else { return }
        byte(UInt8(ascii: "."))
        byte(UInt8(truncatingIfNeeded: fraction / 100) &+ UInt8(ascii: "0"))
        byte(Self.digitPairs[(fraction % 100) * 2])
        byte(Self.digitPairs[(fraction % 100) * 2 + 1])
    }

    /// The number of decimal digits of `value` (`value` at least 10): from its bit length, since
    /// log10(2) is about 1233/4096, then one comparison.
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        let estimate = ((64 &- value.leadingZeroBitCount) &* 1233) >> 12
        return estimate &+ (value >= powerOfTen(estimate) ? 1 : 0)
    }

    /// 10 to the `exponent` (0 to 19); the optimizer makes the switch a table.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        case 19: 10_000_000_000_000_000_000
        default: .max
        }
    }

    /// "00", "01", … "99", one after the other (`digitPairs[pair * 2]` and
    /// `digitPairs[pair * 2 + 1]` are the digits of `pair`): a literal, so reading a pair is a
    /// load from constant memory with no bounds check and no lazy initialization.
    private static var digitPairs: UnsafePointer<UInt8> {
        let pairs: StaticString =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        return pairs.utf8Start
    }
}
