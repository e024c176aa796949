/// The engine of every `combineLatest`: combines the latest element of each source, whatever
/// the arity.
///
/// Nothing is emitted until every source has delivered an element; from then on each element
/// from any source produces a combination. Completion follows RxSwift 6: the sequence
/// completes when every source has completed, or earlier when a source delivers an element
/// while some source has never delivered one and every other source has completed (no
/// combination can ever be made).
///
/// A completed source's subscription is disposed at once; an error from any source, or from
/// the result selector, goes downstream immediately and disposes every source.
final class CombineLatestSink<Observer: ObserverType>: CombiningSink<Observer> {
    // Guarded by `lock` (every handler runs under it): no run-time exclusivity check.
    @exclusivity(unchecked) private var hasValue: [Bool]
    @exclusivity(unchecked) private var sourcesWithValues = 0
    @exclusivity(unchecked) private var isDone: [Bool]
    @exclusivity(unchecked) private var doneCount = 0

    init(arity: Int, observer: Observer, cancel: Cancelable) {
        self.hasValue = Array(repeating: false, count: arity)
        self.isDone = Array(repeating: false, count: arity)
        super.init(arity: arity, keepsLatestOnly: true, observer: observer, cancel: cancel)
    }

    override func sourceProduced(at index: Int) -> Bool {
        if sourcesWithValues == arity {
            // Every source has a value (the per-element case): nothing to record.
            return emitCombination()
        }
        if !hasValue[index] {
            hasValue[index] = true
            sourcesWithValues += 1
        }
        if sourcesWithValues == arity {
            return emitCombination()
        } else if doneCount - (isDone[index] ? 1 : 0) == arity - 1 {
            return finish()
        }
        return false
    }

    override func sourceCompleted(at index: Int) -> Bool {
        guard !isDone[index] else { return false }
        isDone[index] = true
        doneCount += 1
        return doneCount == arity && finish()
    }
}
