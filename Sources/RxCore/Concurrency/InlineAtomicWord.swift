/// An unsigned word that the compiler's own atomic instructions work on (`UInt8`, `UInt32`,
/// `UInt64`): what every ``InlineAtomicValue`` is stored as.
///
/// The operations are `Builtin` atomics, which the compiler turns into one LLVM atomic
/// instruction where they are written. A call into C would do the same only where LLVM inlines
/// it, and it does not inline calls in protocol witnesses (see ``InlineAtomic``). Each operation
/// switches over its ordering, a constant at every call site, so one case is left once inlined.
///
/// The address is untyped: an atomic operation reaches the memory only through the instruction,
/// whatever type the memory is bound to (a `Bool` is read and written as its byte).
package protocol InlineAtomicWord {
    /// The word at `address`.
    static func atomicLoad(at address: UnsafeMutableRawPointer, ordering: InlineAtomicLoadOrdering) -> Self

    /// Replaces the word at `address` with `value`.
    static func atomicStore(_ value: Self, at address: UnsafeMutableRawPointer, ordering: InlineAtomicStoreOrdering)

    /// Replaces the word at `address` with `value` and returns the word it replaced.
    static func atomicExchange(_ value: Self, at address: UnsafeMutableRawPointer, ordering: InlineAtomicUpdateOrdering) -> Self

    /// Replaces the word at `address` with `desired` if it is `expected` (a strong compare-exchange;
    /// a failed one orders as the load part of `ordering`).
    ///
    /// - Returns: Whether it was replaced, and the word found.
    static func atomicCompareExchange(
        expected: Self,
        desired: Self,
        at address: UnsafeMutableRawPointer,
        ordering: InlineAtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Self)
}

/// A word that the atomic arithmetic also works on (`UInt32`, `UInt64`: the words of `Int`,
/// `UInt` and `UInt64` on 32- and 64-bit systems).
package protocol InlineAtomicIntegerWord: InlineAtomicWord {
    /// Adds `operand` (wrapping on overflow) to the word at `address` and returns the word before.
    static func atomicWrappingAdd(_ operand: Self, at address: UnsafeMutableRawPointer, ordering: InlineAtomicUpdateOrdering) -> Self

    /// Sets the bits of `operand` in the word at `address` and returns the word before.
    static func atomicBitwiseOr(_ operand: Self, at address: UnsafeMutableRawPointer, ordering: InlineAtomicUpdateOrdering) -> Self
}

#if _pointerBitWidth(_64)
/// The word `Int` and `UInt` are stored as.
package typealias InlineAtomicPointerWord = UInt64
#elseif _pointerBitWidth(_32)
/// The word `Int` and `UInt` are stored as.
package typealias InlineAtomicPointerWord = UInt32
#else
#error("InlineAtomic knows 32- and 64-bit systems only")
#endif
