/// An atomic value in an allocation of its own, for the places an ``InlineAtomic`` cannot go: a
/// `static` or global, or a checked-`Sendable` class that must not turn `@unchecked` for one
/// flag. It costs an allocation, so the per-subscription objects keep ``InlineAtomic`` instead.
///
/// The project's replacement for `Synchronization.Atomic`, which needs iOS 18 / macOS 15.
package final class AtomicCell<Value: InlineAtomicValue> {
    @exclusivity(unchecked) private var value: InlineAtomic<Value>

    /// A cell holding `initial`.
    package init(_ initial: Value) {
        value = InlineAtomic(initial)
    }

    /// The current value.
    @inline(__always)
    package func load(ordering: InlineAtomicLoadOrdering) -> Value {
        InlineAtomic.load(&value, ordering: ordering)
    }

    /// Replaces the value.
    @inline(__always)
    package func store(_ newValue: Value, ordering: InlineAtomicStoreOrdering) {
        InlineAtomic.store(&value, newValue, ordering: ordering)
    }

    /// Replaces the value and returns the one it replaced.
    @inline(__always)
    package func exchange(_ newValue: Value, ordering: InlineAtomicUpdateOrdering) -> Value {
        InlineAtomic.exchange(&value, newValue, ordering: ordering)
    }

    /// Replaces the value with `desired` if it is `expected`.
    ///
    /// - Returns: Whether it was replaced, and the value found.
    @inline(__always)
    package func compareExchange(
        expected: Value,
        desired: Value,
        ordering: InlineAtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        InlineAtomic.compareExchange(&value, expected: expected, desired: desired, ordering: ordering)
    }
}

extension AtomicCell where Value: InlineAtomicInteger {
    /// Adds `operand` (wrapping on overflow) and returns the value before.
    @inline(__always)
    @discardableResult
    package func wrappingAdd(_ operand: Value, ordering: InlineAtomicUpdateOrdering) -> Value {
        InlineAtomic.wrappingAdd(&value, operand, ordering: ordering)
    }
}

// @unchecked: the one stored property is reached only through atomic instructions (InlineAtomic).
extension AtomicCell: @unchecked Sendable where Value: Sendable {}
