/// Live counts of the core's resources, for finding leaks.
///
/// Built with the package trait `TraceResources`, every sink, subscription, subject,
/// disposable, observable and scheduled item increments a count when it is created and
/// decrements it when it is freed; ``total`` and ``snapshot()`` read them. Built without the
/// trait, the members still exist (so code that reads them compiles either way) but count
/// nothing and cost nothing: ``isEnabled`` tells which build this is.
///
/// The procedure of RxSwift's guide: use a screen, leave it, note ``total``; do it again and
/// compare. The first run only loads lazy resources, so compare the second with the third.
///
/// ```swift
/// let before = Resources.total
/// runScenario()
/// print(Resources.total - before)   // 0 when nothing leaked
/// ```
public enum Resources {
    /// Whether this build counts resources (the `TraceResources` trait is on).
    public static var isEnabled: Bool {
        #if TraceResources
        return true
        #else
        return false
        #endif
    }

    /// The number of live resources; always 0 without the trait.
    public static var total: Int32 {
        #if TraceResources
        return Int32(truncatingIfNeeded: ResourceTypeTable.shared.total())
        #else
        return 0
        #endif
    }

    /// Counts one more live resource, for custom operators that manage their own resources.
    ///
    /// - Returns: The new total (0 without the trait).
    @discardableResult
    public static func incrementTotal() -> Int32 {
        #if TraceResources
        ResourceTypeTable.shared.adjustCustom(by: 1)
        return total
        #else
        return 0
        #endif
    }

    /// Counts one fewer live resource, balancing ``incrementTotal()``.
    ///
    /// - Returns: The new total (0 without the trait).
    @discardableResult
    public static func decrementTotal() -> Int32 {
        #if TraceResources
        ResourceTypeTable.shared.adjustCustom(by: -1)
        return total
        #else
        return 0
        #endif
    }

    /// The number of live `map` observables; always 0 without the trait.
    ///
    /// RxSwift's debug counter, which its tests read to check how `map` chains are built.
    public static var numberOfMapOperators: Int32 {
        #if TraceResources
        return Int32(truncatingIfNeeded: OperatorCounters.mapOperators.value)
        #else
        return 0
        #endif
    }

    /// The number of live `observe(on:)` observables that deliver through a serial dispatch
    /// queue (``SerialDispatchQueueScheduler`` and `MainScheduler`); always 0 without the trait.
    ///
    /// RxSwift's debug counter, which its tests read to check which `observe(on:)`
    /// implementation was picked for a scheduler.
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        #if TraceResources
        return Int32(truncatingIfNeeded: OperatorCounters.serialDispatchQueueObservables.value)
        #else
        return 0
        #endif
    }

    /// The live counts now: the total and the count per resource type.
    ///
    /// Without the trait the snapshot is empty.
    public static func snapshot() -> ResourceSnapshot {
        #if TraceResources
        return ResourceTypeTable.shared.snapshot()
        #else
        return ResourceSnapshot(total: 0, types: [:])
        #endif
    }
}
