/// Carries a value across a thread hop whose safety the Rx contract already guarantees.
///
/// This is the one audited escape from `Sendable` checking in the core: schedulers hand
/// actions and states to Dispatch, and the sequence grammar (events to one observer never
/// overlap) is what makes that safe. Use it only at such hops, never to silence a real race.
/// Package-wide, so that RxFoundation's callbacks from Foundation use the same audited box.
/// @unchecked: the Rx contract (events to one observer never overlap) makes the hop safe.
@usableFromInline
package struct Unchecked<Value>: @unchecked Sendable {
    @usableFromInline
    package var value: Value

    @inlinable
    package init(_ value: Value) {
        self.value = value
    }
}
