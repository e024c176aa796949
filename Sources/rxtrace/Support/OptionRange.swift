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

    /// `20 to 1000`, or `≥ 0` for a range without a real upper bound.
    var text: String { open ? "≥ \(bounds.lowerBound)" : "\(bounds.lowerBound) to \(bounds.upperBound)" }

    /// Fails with a usage error naming the option, the value and the range.
    ///
    /// - Throws: `ValidationError` when `value` is outside ``bounds``.
    func check(_ value: Value) throws {
        guard bounds.contains(value) else { throw ValidationError("\(name) \(value): must be \(text)") }
    }
}

extension OptionRange where Value == Double {
    /// As ``check(_:)``, and a number that is not finite (`nan`, `inf`) is refused too.
    ///
    /// - Throws: `ValidationError` when `value` is outside ``bounds`` or not finite.
    func check(seconds value: Double) throws {
        guard value.isFinite, bounds.contains(value) else {
            throw ValidationError("\(name) \(value): must be a number of seconds from \(text)")
        }
    }
}
