import ArgumentParser

/// The range every numeric option accepts, said in its help and checked in `validate()`, so
/// that no value the parser takes can crash or exhaust the machine later (a marble width of a
/// billion columns allocated 2.7 GB, then trapped).
struct OptionRange<Value: Comparable & Sendable>: Sendable {
    /// The option's name, `--width`.
    let name: String
    /// The values accepted.
    let bounds: ClosedRange<Value>
    /// Whether the upper bound is only the type's limit, so the range reads "≥ lower".
    var open = false

    /// `from 20 to 1000`, or `≥ 0` for a range without a real upper bound.
    var text: String {
        open ? "≥ \(Self.shown(bounds.lowerBound))" : "from \(Self.shown(bounds.lowerBound)) to \(Self.shown(bounds.upperBound))"
    }

    /// A bound as written in the help: `3600`, not `3600.0`.
    fileprivate static func shown(_ value: Value) -> String {
        if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(value)"
    }

    /// Fails with a usage error naming the option, the value and the range.
    ///
    /// - Throws: `ValidationError` when `value` is outside ``bounds``.
    func check(_ value: Value) throws {
        guard bounds.contains(value) else { throw ValidationError("\(name) \(Self.shown(value)): must be \(text)") }
    }
}

extension OptionRange where Value == Double {
    /// As ``check(_:)``, and a number that is not finite (`nan`, `inf`) is refused too.
    ///
    /// - Throws: `ValidationError` when `value` is outside ``bounds`` or not finite.
    func check(seconds value: Double) throws {
        guard value.isFinite, bounds.contains(value) else {
            throw ValidationError("\(name) \(Self.shown(value)): must be a number of seconds \(text)")
        }
    }
}

extension OptionRange where Value == Int {
    /// `--warm-up` of `report` and `check`: marks, of which a trace has far fewer.
    static let warmUp = OptionRange(name: "--warm-up", bounds: 1...1_000_000)
    /// `--allow-growth` of `report` and `check`: resources per repetition. The analysis
    /// multiplies it by the repetition's index, which must not overflow.
    static let allowGrowth = OptionRange(name: "--allow-growth", bounds: 0...1_000_000_000)
}
