#if TraceResources

/// Live counts of two operators, behind RxSwift's debug counters
/// ``Resources/numberOfMapOperators`` and ``Resources/numberOfSerialDispatchQueueObservables``:
/// RxSwift's tests read them to check which implementation an operator picked.
enum OperatorCounters {
    /// Live `map` observables.
    static var mapOperators: TypeFamilyCount { TypeFamilyCount(prefix: "RxCore.MapProducer<") }
    /// Live `observe(on:)` observables that took the serial dispatch queue path.
    static var serialDispatchQueueObservables: TypeFamilyCount {
        TypeFamilyCount(prefix: "RxCore.ObserveOnSerialProducer<")
    }
}

/// The live count of one generic class's instances, read from the per-type resource counts.
///
/// The class is an `Observable`, so each instance is already counted per type when it is
/// made and freed; this sums the types whose name starts with `prefix` when read. It replaces
/// a shared atomic updated in the operator's initializer and `deinit`, which cost a locked
/// instruction and, as a barrier the optimizer does not move retains across, about 100
/// instructions per `map` built.
struct TypeFamilyCount {
    /// The start of the fully qualified names of the counted types.
    let prefix: StaticString

    /// The live instances of the types of the family.
    var value: Int {
        ResourceTypeTable.shared.total(ofTypesNamed: prefix.description)
    }
}
#endif
