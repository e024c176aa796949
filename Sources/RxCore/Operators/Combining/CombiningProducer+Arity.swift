/// Typed front ends shared by `zip` and `combineLatest`, one per arity: each attaches its
/// sources to the wiring in order and applies the selector to the values of their slots.
extension CombiningProducer {
    /// Combines 2 sources with `selector` under `rule`.
    static func make<O1: ObservableType, O2: ObservableType>(
        _ rule: Rule,
        _ source1: O1,
        _ source2: O2,
        _ selector: @escaping (O1.Element, O2.Element) throws -> Result
    ) -> Observable<Result> {
        CombiningProducer(rule, arity: 2) { wiring in
            let slot1 = wiring.attach(source1)
            let slot2 = wiring.attach(source2)
            return { try selector(slot1.nextValue(), slot2.nextValue()) }
        }
    }

    /// Combines 3 sources with `selector` under `rule`.
    static func make<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ rule: Rule,
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ selector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Result
    ) -> Observable<Result> {
        CombiningProducer(rule, arity: 3) { wiring in
            let slot1 = wiring.attach(source1)
            let slot2 = wiring.attach(source2)
            let slot3 = wiring.attach(source3)
            return { try selector(slot1.nextValue(), slot2.nextValue(), slot3.nextValue()) }
        }
    }

    /// Combines 4 sources with `selector` under `rule`.
    static func make<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ rule: Rule,
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ selector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Result
    ) -> Observable<Result> {
        CombiningProducer(rule, arity: 4) { wiring in
            let slot1 = wiring.attach(source1)
            let slot2 = wiring.attach(source2)
            let slot3 = wiring.attach(source3)
            let slot4 = wiring.attach(source4)
            return { try selector(slot1.nextValue(), slot2.nextValue(), slot3.nextValue(), slot4.nextValue()) }
        }
    }

    /// Combines 5 sources with `selector` under `rule`.
    static func make<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType
    >(
        _ rule: Rule,
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ selector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element
        ) throws -> Result
    ) -> Observable<Result> {
        CombiningProducer(rule, arity: 5) { wiring in
            let slot1 = wiring.attach(source1)
            let slot2 = wiring.attach(source2)
            let slot3 = wiring.attach(source3)
            let slot4 = wiring.attach(source4)
            let slot5 = wiring.attach(source5)
            return { try selector(
                slot1.nextValue(), slot2.nextValue(), slot3.nextValue(), slot4.nextValue(),
                slot5.nextValue()
            ) }
        }
    }

    /// Combines 6 sources with `selector` under `rule`.
    static func make<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType
    >(
        _ rule: Rule,
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ selector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element, O6.Element
        ) throws -> Result
    ) -> Observable<Result> {
        CombiningProducer(rule, arity: 6) { wiring in
            let slot1 = wiring.attach(source1)
            let slot2 = wiring.attach(source2)
            let slot3 = wiring.attach(source3)
            let slot4 = wiring.attach(source4)
            let slot5 = wiring.attach(source5)
            let slot6 = wiring.attach(source6)
            return { try selector(
                slot1.nextValue(), slot2.nextValue(), slot3.nextValue(), slot4.nextValue(),
                slot5.nextValue(), slot6.nextValue()
            ) }
        }
    }

    /// Combines 7 sources with `selector` under `rule`.
    static func make<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType
    >(
        _ rule: Rule,
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ selector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element, O6.Element, O7.Element
        ) throws -> Result
    ) -> Observable<Result> {
        CombiningProducer(rule, arity: 7) { wiring in
            let slot1 = wiring.attach(source1)
            let slot2 = wiring.attach(source2)
            let slot3 = wiring.attach(source3)
            let slot4 = wiring.attach(source4)
            let slot5 = wiring.attach(source5)
            let slot6 = wiring.attach(source6)
            let slot7 = wiring.attach(source7)
            return { try selector(
                slot1.nextValue(), slot2.nextValue(), slot3.nextValue(), slot4.nextValue(),
                slot5.nextValue(), slot6.nextValue(), slot7.nextValue()
            ) }
        }
    }

    /// Combines 8 sources with `selector` under `rule`.
    static func make<
        O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
        O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
    >(
        _ rule: Rule,
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8,
        _ selector: @escaping (
            O1.Element, O2.Element, O3.Element, O4.Element,
            O5.Element, O6.Element, O7.Element, O8.Element
        ) throws -> Result
    ) -> Observable<Result> {
        CombiningProducer(rule, arity: 8) { wiring in
            let slot1 = wiring.attach(source1)
            let slot2 = wiring.attach(source2)
            let slot3 = wiring.attach(source3)
            let slot4 = wiring.attach(source4)
            let slot5 = wiring.attach(source5)
            let slot6 = wiring.attach(source6)
            let slot7 = wiring.attach(source7)
            let slot8 = wiring.attach(source8)
            return { try selector(
                slot1.nextValue(), slot2.nextValue(), slot3.nextValue(), slot4.nextValue(),
                slot5.nextValue(), slot6.nextValue(), slot7.nextValue(), slot8.nextValue()
            ) }
        }
    }
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
