import Builtin

// The byte a `Bool` is kept in. `Builtin` names the orderings as LLVM does: monotonic is
// relaxed, acqrel is acquiring-and-releasing; a compare-exchange names its success and failure
// orderings.
extension UInt8: InlineAtomicWord {
    @inline(__always)
    package static func atomicLoad(at address: UnsafeMutableRawPointer, ordering: InlineAtomicLoadOrdering) -> UInt8 {
        switch ordering {
        case .relaxed: UInt8(Builtin.atomicload_monotonic_Int8(address._rawValue))
        case .acquiring: UInt8(Builtin.atomicload_acquire_Int8(address._rawValue))
        case .sequentiallyConsistent: UInt8(Builtin.atomicload_seqcst_Int8(address._rawValue))
        }
    }

    @inline(__always)
    package static func atomicStore(_ value: UInt8, at address: UnsafeMutableRawPointer, ordering: InlineAtomicStoreOrdering) {
        switch ordering {
        case .relaxed: Builtin.atomicstore_monotonic_Int8(address._rawValue, value._value)
        case .releasing: Builtin.atomicstore_release_Int8(address._rawValue, value._value)
        case .sequentiallyConsistent: Builtin.atomicstore_seqcst_Int8(address._rawValue, value._value)
        }
    }

    @inline(__always)
    package static func atomicExchange(
        _ value: UInt8,
        at address: UnsafeMutableRawPointer,
        ordering: InlineAtomicUpdateOrdering
    ) -> UInt8 {
        switch ordering {
        case .relaxed: UInt8(Builtin.atomicrmw_xchg_monotonic_Int8(address._rawValue, value._value))
        case .acquiring: UInt8(Builtin.atomicrmw_xchg_acquire_Int8(address._rawValue, value._value))
        case .releasing: UInt8(Builtin.atomicrmw_xchg_release_Int8(address._rawValue, value._value))
        case .acquiringAndReleasing: UInt8(Builtin.atomicrmw_xchg_acqrel_Int8(address._rawValue, value._value))
        case .sequentiallyConsistent: UInt8(Builtin.atomicrmw_xchg_seqcst_Int8(address._rawValue, value._value))
        }
    }

    @inline(__always)
    package static func atomicCompareExchange(
        expected: UInt8,
        desired: UInt8,
        at address: UnsafeMutableRawPointer,
        ordering: InlineAtomicUpdateOrdering
    ) -> (exchanged: Bool, original: UInt8) {
        let (original, exchanged) =
            switch ordering {
            case .relaxed: Builtin.cmpxchg_monotonic_monotonic_Int8(address._rawValue, expected._value, desired._value)
            case .acquiring: Builtin.cmpxchg_acquire_acquire_Int8(address._rawValue, expected._value, desired._value)
            case .releasing: Builtin.cmpxchg_release_monotonic_Int8(address._rawValue, expected._value, desired._value)
            case .acquiringAndReleasing: Builtin.cmpxchg_acqrel_acquire_Int8(address._rawValue, expected._value, desired._value)
            case .sequentiallyConsistent: Builtin.cmpxchg_seqcst_seqcst_Int8(address._rawValue, expected._value, desired._value)
            }
        return (Bool(exchanged), UInt8(original))
    }
}
