/// Atomic operations on a plain value at an address, for tables in raw memory that keep many
/// atomic words side by side (``StackSiteTable``'s slots, ``LiveResourceTable``'s padded
/// counts): the same atomic instructions as ``InlineAtomic``, without its one-value wrapper, so a slot
/// can be an ordinary struct whose fields' offsets `MemoryLayout` gives.
///
/// The memory must be reached only through these operations (or before it is shared).
package enum RawAtomic {
    /// The value at `address`.
    @inline(__always)
    package static func load<Value: InlineAtomicValue>(
        _ address: UnsafeMutablePointer<Value>,
        ordering: InlineAtomicLoadOrdering
    ) -> Value {
        Value.atomicValue(Value.AtomicWord.atomicLoad(at: address, ordering: ordering))
    }

    /// Replaces the value at `address`.
    @inline(__always)
    package static func store<Value: InlineAtomicValue>(
        _ address: UnsafeMutablePointer<Value>,
        _ value: Value,
        ordering: InlineAtomicStoreOrdering
    ) {
        Value.AtomicWord.atomicStore(Value.atomicWord(value), at: address, ordering: ordering)
    }

    /// Adds `operand` (wrapping on overflow) to the value at `address` and returns the value before.
    @inline(__always)
    @discardableResult
    package static func wrappingAdd<Value: InlineAtomicInteger>(
        _ address: UnsafeMutablePointer<Value>,
        _ operand: Value,
        ordering: InlineAtomicUpdateOrdering
    ) -> Value {
        Value.atomicValue(Value.AtomicWord.atomicWrappingAdd(Value.atomicWord(operand), at: address, ordering: ordering))
    }
}
