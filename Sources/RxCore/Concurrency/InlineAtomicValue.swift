/// A type ``InlineAtomic``, ``AtomicCell`` and ``RawAtomic`` can hold: one stored as a word
/// the compiler has atomic instructions for, with the same size and bits in memory.
package protocol InlineAtomicValue {
    /// The word the value is kept in.
    associatedtype AtomicWord: InlineAtomicWord

    /// The value's bits as its word.
    static func atomicWord(_ value: Self) -> AtomicWord

    /// The value whose bits `word` holds.
    static func atomicValue(_ word: AtomicWord) -> Self
}

/// An integer ``InlineAtomic`` can also add to (and, for `Int`, set bits in).
package protocol InlineAtomicInteger: InlineAtomicValue where AtomicWord: InlineAtomicIntegerWord {}

extension Bool: InlineAtomicValue {
    /// A `Bool` is one byte, 0 or 1.
    @inline(__always)
    package static func atomicWord(_ value: Bool) -> UInt8 {
        value ? 1 : 0
    }

    @inline(__always)
    package static func atomicValue(_ word: UInt8) -> Bool {
        word != 0
    }
}

extension Int: InlineAtomicInteger {
    @inline(__always)
    package static func atomicWord(_ value: Int) -> InlineAtomicPointerWord {
        InlineAtomicPointerWord(truncatingIfNeeded: value)
    }

    @inline(__always)
    package static func atomicValue(_ word: InlineAtomicPointerWord) -> Int {
        Int(truncatingIfNeeded: word)
    }
}

extension UInt: InlineAtomicValue {
    @inline(__always)
    package static func atomicWord(_ value: UInt) -> InlineAtomicPointerWord {
        InlineAtomicPointerWord(truncatingIfNeeded: value)
    }

    @inline(__always)
    package static func atomicValue(_ word: InlineAtomicPointerWord) -> UInt {
        UInt(truncatingIfNeeded: word)
    }
}

extension UInt64: InlineAtomicInteger {
    @inline(__always)
    package static func atomicWord(_ value: UInt64) -> UInt64 {
        value
    }

    @inline(__always)
    package static func atomicValue(_ word: UInt64) -> UInt64 {
        word
    }
}

extension UInt32: InlineAtomicValue {
    @inline(__always)
    package static func atomicWord(_ value: UInt32) -> UInt32 {
        value
    }

    @inline(__always)
    package static func atomicValue(_ word: UInt32) -> UInt32 {
        word
    }
}
