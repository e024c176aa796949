/// The engine of every `zip`: pairs the sources' elements by index, whatever the arity.
///
/// It counts the elements buffered per source (the elements themselves wait in the slots)
/// and combines as soon as every source has one. Completion follows RxSwift 6:
/// - the sequence completes once every source has completed (the typed 2 to 8 source forms);
/// - the collection form also completes when an element arrives that can never be paired,
///   because every other source has already completed
///   (`completesOnUnpairableElement`).
///
/// A completed source's subscription is disposed at once; an error from any source, or from
/// the result selector, goes downstream immediately and disposes every source.
final class ZipSink<Observer: ObserverType>: CombiningSink<Observer> {
    private let completesOnUnpairableElement: Bool
    private var buffered: [Int]
    private var sourcesWithElements = 0
    private var isDone: [Bool]
    private var doneCount = 0

    init(arity: Int, completesOnUnpairableElement: Bool, observer: Observer, cancel: Cancelable) {
        self.completesOnUnpairableElement = completesOnUnpairableElement
        self.buffered = Array(repeating: 0, count: arity)
        self.isDone = Array(repeating: false, count: arity)
        super.init(arity: arity, keepsLatestOnly: false, observer: observer, cancel: cancel)
    }

    override func sourceProduced(at index: Int) -> Bool {
        buffered[index] += 1
        if buffered[index] == 1 {
            sourcesWithElements += 1
        }
        if sourcesWithElements == arity {
            consumeOneFromEach()
            return emitCombination()
        } else if completesOnUnpairableElement && doneCount == arity - 1 {
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

    /// Accounts for the combination about to take the oldest element of every slot.
    private func consumeOneFromEach() {
        sourcesWithElements = 0
        for index in buffered.indices {
            buffered[index] -= 1
            if buffered[index] > 0 {
                sourcesWithElements += 1
            }
        }
    }
}
