#if TraceResources
import Synchronization

/// Live counts of two operators, behind RxSwift's debug counters
/// ``Resources/numberOfMapOperators`` and ``Resources/numberOfSerialDispatchQueueObservables``:
/// RxSwift's tests read them to check which implementation an operator picked. Counted when
/// the operator is built, never per element or per subscription.
enum OperatorCounters {
    /// Live `map` observables.
    static let mapOperators = Atomic<Int>(0)
    /// Live `observe(on:)` observables that took the serial dispatch queue path.
    static let serialDispatchQueueObservables = Atomic<Int>(0)
}
#endif
