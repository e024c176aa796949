/// A `Bool` or integer that a class keeps inline in one of its stored properties and that any
/// thread reads and changes atomically, without `Synchronization.Atomic` (which needs iOS 18 /
/// macOS 15) and without an allocation of its own (as swift-atomics' `ManagedAtomic` would
/// add to every object that has one).
///
/// Declare it as a `private` (or `final`) stored `var` with `@exclusivity(unchecked)`, and pass
/// the property's address to the operations:
///
///     @exclusivity(unchecked) private var disposed = InlineAtomic(false)
///     …
///     if !InlineAtomic.exchange(&disposed, true, ordering: .acquiringAndReleasing) { … }
///
/// Why this shape: `&property` passed as a pointer argument is the property's own storage for a
/// stored property the class accesses directly (no observers, not overridable), it is the one
/// way to take that address that the thread sanitizer does not instrument as a plain write
/// (a `mutating` method or `withUnsafeMutablePointer(to:)` is, and every concurrent call would
/// be reported as a Swift access race), and `@exclusivity(unchecked)` removes the
/// `swift_beginAccess` call that release builds would otherwise make per operation.
///
/// Each operation is one atomic instruction wherever it is used: the words' operations
/// (``InlineAtomicWord``) are the compiler's `Builtin` atomics, LLVM instructions rather than
/// calls. They used to be `static inline` C functions (`CRxTrace.h`), which stayed out of line in
/// protocol witnesses (21 calls in the release benchmark binary: the `isDisposed` getters,
/// `SinkDisposer.dispose()`, `_onNext` of `MapSinkBody` and `FilterSink`, about 6 instructions
/// per operator stage). The cause: Swift's IRGen marks every call inside a SIL thunk, and a
/// protocol witness is one, with the call-site attribute `noinline`. The SIL inliner inlines the
/// Swift operation into the witness, the C call comes along, and LLVM then must not inline it;
/// `always_inline` on the C side does not override a `noinline` call site. An instruction has no
/// call site, so a `Builtin` atomic is immune (as `Synchronization.Atomic` and swift-atomics are).
/// The one condition: every Swift function between the witness and the `Builtin` must be inlined
/// by the SIL optimizer (`@inline(__always)`), or the call left to it is marked `noinline` too.
package struct InlineAtomic<Value: InlineAtomicValue>: ~Copyable {
    @usableFromInline
    var storage: Value

    /// An atomic holding `value`.
    package init(_ value: Value) {
        storage = value
    }

    /// The current value.
    @inline(__always)
    package static func load(_ atomic: UnsafeMutablePointer<Self>, ordering: InlineAtomicLoadOrdering) -> Value {
        Value.atomicValue(Value.AtomicWord.atomicLoad(at: atomic, ordering: ordering))
    }

    /// Replaces the value.
    @inline(__always)
    package static func store(_ atomic: UnsafeMutablePointer<Self>, _ value: Value, ordering: InlineAtomicStoreOrdering) {
        Value.AtomicWord.atomicStore(Value.atomicWord(value), at: atomic, ordering: ordering)
    }

    /// Replaces the value and returns the one it replaced.
    @inline(__always)
    package static func exchange(
        _ atomic: UnsafeMutablePointer<Self>,
        _ value: Value,
        ordering: InlineAtomicUpdateOrdering
    ) -> Value {
        Value.atomicValue(Value.AtomicWord.atomicExchange(Value.atomicWord(value), at: atomic, ordering: ordering))
    }

    /// Replaces the value with `desired` if it is `expected`.
    ///
    /// - Returns: Whether it was replaced, and the value found.
    @inline(__always)
    package static func compareExchange(
        _ atomic: UnsafeMutablePointer<Self>,
        expected: Value,
        desired: Value,
        ordering: InlineAtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        let (exchanged, found) = Value.AtomicWord.atomicCompareExchange(
            expected: Value.atomicWord(expected),
            desired: Value.atomicWord(desired),
            at: atomic,
            ordering: ordering
        )
        return (exchanged, Value.atomicValue(found))
    }
}

extension InlineAtomic where Value == Int {
    /// Sets the bits of `operand` and returns the value before.
    @inline(__always)
    package static func bitwiseOr(
        _ atomic: UnsafeMutablePointer<Self>,
        _ operand: Int,
        ordering: InlineAtomicUpdateOrdering
    ) -> Int {
        Int.atomicValue(Int.AtomicWord.atomicBitwiseOr(Int.atomicWord(operand), at: atomic, ordering: ordering))
    }
}

extension InlineAtomic where Value: InlineAtomicInteger {
    /// Adds `operand` (wrapping on overflow) and returns the value before.
    @inline(__always)
    package static func wrappingAdd(
        _ atomic: UnsafeMutablePointer<Self>,
        _ operand: Value,
        ordering: InlineAtomicUpdateOrdering
    ) -> Value {
        Value.atomicValue(Value.AtomicWord.atomicWrappingAdd(Value.atomicWord(operand), at: atomic, ordering: ordering))
    }
}

/// The orderings of ``InlineAtomic/load(_:ordering:)``, as `Synchronization` names them.
package enum InlineAtomicLoadOrdering: Sendable {
    case relaxed
    case acquiring
    case sequentiallyConsistent
}

/// The orderings of ``InlineAtomic/store(_:_:ordering:)``.
package enum InlineAtomicStoreOrdering: Sendable {
    case relaxed
    case releasing
    case sequentiallyConsistent
}

/// The orderings of the read-modify-write operations of ``InlineAtomic``. A failed
/// compare-exchange orders as the load part (relaxed for `.releasing`, acquiring for
/// `.acquiringAndReleasing`).
package enum InlineAtomicUpdateOrdering: Sendable {
    case relaxed
    case acquiring
    case releasing
    case acquiringAndReleasing
    case sequentiallyConsistent
}
