import Builtin

// The word of a `UInt64`, and of `Int` and `UInt` on 64-bit systems. The operations are
// `UInt8`'s at this width (see `UInt8+InlineAtomicWord.swift`), with the arithmetic.
extension UInt64: InlineAtomicIntegerWord {
    @inline(__always)
    package static func atomicLoad(at address: UnsafeMutableRawPointer, ordering: InlineAtomicLoadOrdering) -> UInt64 {
        switch ordering {
        case .relaxed: UInt64(Builtin.atomicload_monotonic_Int64(address._rawValue))
        case .acquiring: UInt64(Builtin.atomicload_acquire_Int64(address._rawValue))
        case .sequentiallyConsistent: UInt64(Builtin.atomicload_seqcst_Int64(address._rawValue))
        }
    }

    @inline(__always)
    package static func atomicStore(_ value: UInt64, at address: UnsafeMutableRawPointer, ordering: InlineAtomicStoreOrdering) {
        switch ordering {
        case .relaxed: Builtin.atomicstore_monotonic_Int64(address._rawValue, value._value)
        case .releasing: Builtin.atomicstore_release_Int64(address._rawValue, value._value)
        case .sequentiallyConsistent: Builtin.atomicstore_seqcst_Int64(address._rawValue, value._value)
        }
    }

    @inline(__always)
    package static func atomicExchange(
        _ value: UInt64,
        at address: UnsafeMutableRawPointer,
        ordering: InlineAtomicUpdateOrdering
    ) -> UInt64 {
        switch ordering {
        case .relaxed: UInt64(Builtin.atomicrmw_xchg_monotonic_Int64(address._rawValue, value._value))
        case .acquiring: UInt64(Builtin.atomicrmw_xchg_acquire_Int64(address._rawValue, value._value))
        case .releasing: UInt64(Builtin.atomicrmw_xchg_release_Int64(address._rawValue, value._value))
        case .acquiringAndReleasing: UInt64(Builtin.atomicrmw_xchg_acqrel_Int64(address._rawValue, value._value))
        case .sequentiallyConsistent: UInt64(Builtin.atomicrmw_xchg_seqcst_Int64(address._rawValue, value._value))
        }
    }

    @inline(__always)
    package static func atomicCompareExchange(
        expected: UInt64,
        desired: UInt64,
        at address: UnsafeMutableRawPointer,
        ordering: InlineAtomicUpdateOrdering
    ) -> (exchanged: Bool, original: UInt64) {
        let (original, exchanged) =
            switch ordering {
            case .relaxed: Builtin.cmpxchg_monotonic_monotonic_Int64(address._rawValue, expected._value, desired._value)
            case .acquiring: Builtin.cmpxchg_acquire_acquire_Int64(address._rawValue, expected._value, desired._value)
            case .releasing: Builtin.cmpxchg_release_monotonic_Int64(address._rawValue, expected._value, desired._value)
            case .acquiringAndReleasing: Builtin.cmpxchg_acqrel_acquire_Int64(address._rawValue, expected._value, desired._value)
            case .sequentiallyConsistent: Builtin.cmpxchg_seqcst_seqcst_Int64(address._rawValue, expected._value, desired._value)
            }
        return (Bool(exchanged), UInt64(original))
    }

    @inline(__always)
    package static func atomicWrappingAdd(
        _ operand: UInt64,
        at address: UnsafeMutableRawPointer,
        ordering: InlineAtomicUpdateOrdering
    ) -> UInt64 {
        switch ordering {
        case .relaxed: UInt64(Builtin.atomicrmw_add_monotonic_Int64(address._rawValue, operand._value))
        case .acquiring: UInt64(Builtin.atomicrmw_add_acquire_Int64(address._rawValue, operand._value))
        case .releasing: UInt64(Builtin.atomicrmw_add_release_Int64(address._rawValue, operand._value))
        case .acquiringAndReleasing: UInt64(Builtin.atomicrmw_add_acqrel_Int64(address._rawValue, operand._value))
        case .sequentiallyConsistent: UInt64(Builtin.atomicrmw_add_seqcst_Int64(address._rawValue, operand._value))
        }
    }

    @inline(__always)
    package static func atomicBitwiseOr(
        _ operand: UInt64,
        at address: UnsafeMutableRawPointer,
        ordering: InlineAtomicUpdateOrdering
    ) -> UInt64 {
        switch ordering {
        case .relaxed: UInt64(Builtin.atomicrmw_or_monotonic_Int64(address._rawValue, operand._value))
        case .acquiring: UInt64(Builtin.atomicrmw_or_acquire_Int64(address._rawValue, operand._value))
        case .releasing: UInt64(Builtin.atomicrmw_or_release_Int64(address._rawValue, operand._value))
        case .acquiringAndReleasing: UInt64(Builtin.atomicrmw_or_acqrel_Int64(address._rawValue, operand._value))
        case .sequentiallyConsistent: UInt64(Builtin.atomicrmw_or_seqcst_Int64(address._rawValue, operand._value))
        }
    }
}
