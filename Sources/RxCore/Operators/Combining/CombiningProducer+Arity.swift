/// The typed front end shared by every `zip` and `combineLatest` of two or more sources.
///
/// One definition for every arity (a parameter pack). It is inlinable so that the caller
/// specializes it for its concrete sources: unspecialized, the per-element closure would look
/// up the metadata of the captured pack of slots on every element (2.3 times slower with five
/// sources). The sources are attached in argument order, and the selector reads the next value
/// of each slot.
@inlinable
func combining<O1: ObservableType, O2: ObservableType, each Rest: ObservableType, Result>(
    zip: Bool,
    _ source1: O1,
    _ source2: O2,
    _ rest: repeat each Rest,
    selector: @escaping (O1.Element, O2.Element, repeat (each Rest).Element) throws -> Result
) -> Observable<Result> {
    var arity = 2
    for _ in repeat each rest {
        arity += 1
    }
    return combiningObservable(zip: zip, arity: arity) { wiring in
        let slot1 = wiring.attach(source1)
        let slot2 = wiring.attach(source2)
        let slots = (repeat wiring.attach(each rest))
        return { try selector(slot1.nextValue(), slot2.nextValue(), repeat (each slots).nextValue()) }
    }
}

/// The tuple forms of ``combining(zip:_:_:_:selector:)``: the values of the sources as one tuple.
///
/// The tuple is built here rather than by passing a tuple-making function as the selector,
/// which this compiler cannot yet pass as a pack-generic value.
@inlinable
func combiningTuples<O1: ObservableType, O2: ObservableType, each Rest: ObservableType>(
    zip: Bool,
    _ source1: O1,
    _ source2: O2,
    _ rest: repeat each Rest
) -> Observable<(O1.Element, O2.Element, repeat (each Rest).Element)> {
    var arity = 2
    for _ in repeat each rest {
        arity += 1
    }
    return combiningObservable(zip: zip, arity: arity) { wiring in
        let slot1 = wiring.attach(source1)
        let slot2 = wiring.attach(source2)
        let slots = (repeat wiring.attach(each rest))
        return { (slot1.nextValue(), slot2.nextValue(), repeat (each slots).nextValue()) }
    }
}

/// The producer behind the typed front ends, out of line: `zip` of typed sources or
/// `combineLatest`, with `wire` attaching the sources and returning the combination.
@usableFromInline
func combiningObservable<Result>(
    zip: Bool,
    arity: Int,
    wire: @escaping (inout CombiningWiring) -> () throws -> Result
) -> Observable<Result> {
    CombiningProducer(zip ? .zip : .combineLatest, arity: arity, wire: wire)
}

extension CombiningProducer {
    /// Combines any number of sources of one element type with `selector` under `rule`; with
    /// no sources `zip` completes as soon as it is subscribed, and `combineLatest` first
    /// emits the selector's result for the empty array.
    static func make<Sources: Collection>(
        _ rule: Rule,
        _ sources: Sources,
        _ selector: @escaping ([Sources.Element.Element]) throws -> Result
    ) -> Observable<Result> where Sources.Element: ObservableConvertibleType {
        let observables = sources.map { $0.asObservable() }
        return CombiningProducer(rule, arity: observables.count) { wiring in
            var slots: [CombiningSlot<Sources.Element.Element>] = []
            slots.reserveCapacity(observables.count)
            for observable in observables {
                slots.append(wiring.attach(observable))
            }
            return { try selector(slots.map { $0.nextValue() }) }
        }
    }
}
