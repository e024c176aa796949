import CRxTrace

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
/// `swift_beginAccess` call that release builds would otherwise make per operation. Where the
/// optimizer inlines the C function, an operation is the single instruction of its order
/// (`ObserverBase`). It is not inlined into protocol witnesses (the release benchmark binary
/// keeps 21 out-of-line calls, all in witnesses: `isDisposed` getters, `SinkDisposer.dispose()`,
/// and `_onNext` of `MapSinkBody` and `FilterSink`, where `Sink`'s per-element check costs a
/// call, about 6 instructions per stage); a plain `static inline` function without the order
/// parameter behaves the same. Why is not known yet.
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
        Value.atomicLoad(storage(atomic), order: ordering.rawValue)
    }

    /// Replaces the value.
    @inline(__always)
    package static func store(_ atomic: UnsafeMutablePointer<Self>, _ value: Value, ordering: InlineAtomicStoreOrdering) {
        Value.atomicStore(storage(atomic), value, order: ordering.rawValue)
    }

    /// Replaces the value and returns the one it replaced.
    @inline(__always)
    package static func exchange(
        _ atomic: UnsafeMutablePointer<Self>,
        _ value: Value,
        ordering: InlineAtomicUpdateOrdering
    ) -> Value {
        Value.atomicExchange(storage(atomic), value, order: ordering.rawValue)
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
        var found = expected
        let exchanged = Value.atomicCompareExchange(
            storage(atomic),
            &found,
            desired,
            order: ordering.rawValue,
            failureOrder: ordering.failureOrder
        )
        return (exchanged, found)
    }

    /// The address of the value inside the atomic (its only stored property).
    @inline(__always)
    fileprivate static func storage(_ atomic: UnsafeMutablePointer<Self>) -> UnsafeMutablePointer<Value> {
        UnsafeMutableRawPointer(atomic).assumingMemoryBound(to: Value.self)
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
        rxtrace_atomic_fetch_or_int(storage(atomic), operand, ordering.rawValue)
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
        Value.atomicFetchAdd(storage(atomic), operand, order: ordering.rawValue)
    }
}

/// The orderings of ``InlineAtomic/load(_:ordering:)``, as `Synchronization` names them.
package enum InlineAtomicLoadOrdering: Int32 {
    case relaxed = 0  // RXTRACE_ORDER_RELAXED
    case acquiring = 2  // RXTRACE_ORDER_ACQUIRE
    case sequentiallyConsistent = 5  // RXTRACE_ORDER_SEQ_CST
}

/// The orderings of ``InlineAtomic/store(_:_:ordering:)``.
package enum InlineAtomicStoreOrdering: Int32 {
    case relaxed = 0
    case releasing = 3
    case sequentiallyConsistent = 5
}

/// The orderings of the read-modify-write operations of ``InlineAtomic``.
package enum InlineAtomicUpdateOrdering: Int32 {
    case relaxed = 0
    case acquiring = 2
    case releasing = 3
    case acquiringAndReleasing = 4
    case sequentiallyConsistent = 5

    /// The order of a failed compare-exchange: the load part of this ordering.
    @inline(__always)
    var failureOrder: Int32 {
        switch self {
        case .relaxed, .releasing: InlineAtomicLoadOrdering.relaxed.rawValue
        case .acquiring, .acquiringAndReleasing: InlineAtomicLoadOrdering.acquiring.rawValue
        case .sequentiallyConsistent: InlineAtomicLoadOrdering.sequentiallyConsistent.rawValue
        }
    }
}

/// A type ``InlineAtomic`` can hold: one the C module has atomic operations for.
package protocol InlineAtomicValue {
    static func atomicLoad(_ address: UnsafeMutablePointer<Self>, order: Int32) -> Self
    static func atomicStore(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32)
    static func atomicExchange(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) -> Self
    static func atomicCompareExchange(
        _ address: UnsafeMutablePointer<Self>,
        _ expected: UnsafeMutablePointer<Self>,
        _ desired: Self,
        order: Int32,
        failureOrder: Int32
    ) -> Bool
}

/// An integer ``InlineAtomic`` can also add to.
package protocol InlineAtomicInteger: InlineAtomicValue {
    static func atomicFetchAdd(_ address: UnsafeMutablePointer<Self>, _ operand: Self, order: Int32) -> Self
}

extension Bool: InlineAtomicValue {
    @inline(__always)
    package static func atomicLoad(_ address: UnsafeMutablePointer<Self>, order: Int32) -> Self {
        rxtrace_atomic_load_bool(address, order)
    }

    @inline(__always)
    package static func atomicStore(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) {
        rxtrace_atomic_store_bool(address, value, order)
    }

    @inline(__always)
    package static func atomicExchange(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) -> Self {
        rxtrace_atomic_exchange_bool(address, value, order)
    }

    @inline(__always)
    package static func atomicCompareExchange(
        _ address: UnsafeMutablePointer<Self>,
        _ expected: UnsafeMutablePointer<Self>,
        _ desired: Self,
        order: Int32,
        failureOrder: Int32
    ) -> Bool {
        rxtrace_atomic_compare_exchange_bool(address, expected, desired, order, failureOrder)
    }
}

extension Int: InlineAtomicInteger {
    @inline(__always)
    package static func atomicLoad(_ address: UnsafeMutablePointer<Self>, order: Int32) -> Self {
        rxtrace_atomic_load_int(address, order)
    }

    @inline(__always)
    package static func atomicStore(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) {
        rxtrace_atomic_store_int(address, value, order)
    }

    @inline(__always)
    package static func atomicExchange(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) -> Self {
        rxtrace_atomic_exchange_int(address, value, order)
    }

    @inline(__always)
    package static func atomicCompareExchange(
        _ address: UnsafeMutablePointer<Self>,
        _ expected: UnsafeMutablePointer<Self>,
        _ desired: Self,
        order: Int32,
        failureOrder: Int32
    ) -> Bool {
        rxtrace_atomic_compare_exchange_int(address, expected, desired, order, failureOrder)
    }

    @inline(__always)
    package static func atomicFetchAdd(_ address: UnsafeMutablePointer<Self>, _ operand: Self, order: Int32) -> Self {
        rxtrace_atomic_fetch_add_int(address, operand, order)
    }
}

extension UInt64: InlineAtomicInteger {
    @inline(__always)
    package static func atomicLoad(_ address: UnsafeMutablePointer<Self>, order: Int32) -> Self {
        rxtrace_atomic_load_uint64(address, order)
    }

    @inline(__always)
    package static func atomicStore(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) {
        rxtrace_atomic_store_uint64(address, value, order)
    }

    @inline(__always)
    package static func atomicExchange(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) -> Self {
        rxtrace_atomic_exchange_uint64(address, value, order)
    }

    @inline(__always)
    package static func atomicCompareExchange(
        _ address: UnsafeMutablePointer<Self>,
        _ expected: UnsafeMutablePointer<Self>,
        _ desired: Self,
        order: Int32,
        failureOrder: Int32
    ) -> Bool {
        rxtrace_atomic_compare_exchange_uint64(address, expected, desired, order, failureOrder)
    }

    @inline(__always)
    package static func atomicFetchAdd(_ address: UnsafeMutablePointer<Self>, _ operand: Self, order: Int32) -> Self {
        rxtrace_atomic_fetch_add_uint64(address, operand, order)
    }
}

extension UInt32: InlineAtomicValue {
    @inline(__always)
    package static func atomicLoad(_ address: UnsafeMutablePointer<Self>, order: Int32) -> Self {
        rxtrace_atomic_load_uint32(address, order)
    }

    @inline(__always)
    package static func atomicStore(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) {
        rxtrace_atomic_store_uint32(address, value, order)
    }

    @inline(__always)
    package static func atomicExchange(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) -> Self {
        rxtrace_atomic_exchange_uint32(address, value, order)
    }

    @inline(__always)
    package static func atomicCompareExchange(
        _ address: UnsafeMutablePointer<Self>,
        _ expected: UnsafeMutablePointer<Self>,
        _ desired: Self,
        order: Int32,
        failureOrder: Int32
    ) -> Bool {
        rxtrace_atomic_compare_exchange_uint32(address, expected, desired, order, failureOrder)
    }
}

extension UInt: InlineAtomicValue {
    @inline(__always)
    package static func atomicLoad(_ address: UnsafeMutablePointer<Self>, order: Int32) -> Self {
        rxtrace_atomic_load_uint(address, order)
    }

    @inline(__always)
    package static func atomicStore(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) {
        rxtrace_atomic_store_uint(address, value, order)
    }

    @inline(__always)
    package static func atomicExchange(_ address: UnsafeMutablePointer<Self>, _ value: Self, order: Int32) -> Self {
        rxtrace_atomic_exchange_uint(address, value, order)
    }

    @inline(__always)
    package static func atomicCompareExchange(
        _ address: UnsafeMutablePointer<Self>,
        _ expected: UnsafeMutablePointer<Self>,
        _ desired: Self,
        order: Int32,
        failureOrder: Int32
    ) -> Bool {
        rxtrace_atomic_compare_exchange_uint(address, expected, desired, order, failureOrder)
    }
}
