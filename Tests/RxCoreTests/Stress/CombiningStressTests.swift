import Dispatch
import RxCore
import RxTest
import TestSupport
import Testing

/// Several threads emitting into the sources of `merge`, `combineLatest` and `zip` at once,
/// and disposing while they do: exact counts, one terminal event, events never overlapping,
/// every source unsubscribed once (also run under `swift test --sanitize=thread`).
@Suite(.resourceBalanced, .offPool)
struct CombiningStressTests {
    private static let rounds = 100
    private static let sourceCount = 4
    private static let elementsPerSource = 300

    @Test("merge of concurrent sources")
    func mergeOfConcurrentSources() {
        for _ in 0..<Self.rounds {
            let hub = SourceHub(count: Self.sourceCount)
            let probe = SerialProbe<Int>()
            let subscription = Observable.merge(hub.sources).subscribe(probe)
            hub.emitConcurrently(Self.elementsPerSource) { source, index in source * 10_000 + index }
            let values = probe.elements
            #expect(values.count == Self.sourceCount * Self.elementsPerSource)
            for source in 0..<Self.sourceCount {
                let own = values.filter { $0 / 10_000 == source }.map { $0 % 10_000 }
                #expect(own == Array(0..<Self.elementsPerSource), "source \(source) in order, each once")
            }
            #expect(probe.terminals == [.completed])
            #expect(probe.overlaps == 0)
            #expect(hub.disposals == Self.sourceCount)
            subscription.dispose()
        }
    }

    @Test("merge of inner sequences from many threads")
    func mergeOfInnerSequencesFromManyThreads() {
        for _ in 0..<Self.rounds {
            let hub = SourceHub(count: Self.sourceCount)
            let probe = SerialProbe<Int>()
            let sources = hub.sources
            let outer = Observable.of(sources[0], sources[1], sources[2], sources[3])
            let subscription = outer.merge().subscribe(probe)
            hub.emitConcurrently(Self.elementsPerSource) { source, index in source * 10_000 + index }
            #expect(probe.elements.count == Self.sourceCount * Self.elementsPerSource)
            #expect(probe.terminals == [.completed])
            #expect(probe.overlaps == 0)
            #expect(hub.disposals == Self.sourceCount)
            subscription.dispose()
        }
    }

    @Test("combine latest of concurrent sources")
    func combineLatestOfConcurrentSources() {
        for round in 0..<Self.rounds {
            let hub = SourceHub(count: Self.sourceCount)
            let probe = SerialProbe<[Int]>()
            let sources = hub.sources
            let combined =
                round % 2 == 0
                ? Observable.combineLatest(sources)
                : Observable.combineLatest(sources[0], sources[1], sources[2], sources[3]) { [$0, $1, $2, $3] }
            let subscription = combined.subscribe(probe)
            for source in 0..<Self.sourceCount {
                hub.observer(source).onNext(-1)  // every source has a value before the race
            }
            hub.emitConcurrently(Self.elementsPerSource) { _, index in index }
            let combinations = probe.elements
            #expect(combinations.count == 1 + Self.sourceCount * Self.elementsPerSource)
            #expect(combinations.first == Array(repeating: -1, count: Self.sourceCount))
            #expect(combinations.last == Array(repeating: Self.elementsPerSource - 1, count: Self.sourceCount))
            #expect(probe.terminals == [.completed])
            #expect(probe.overlaps == 0)
            #expect(hub.disposals == Self.sourceCount)
            subscription.dispose()
        }
    }

    @Test("zip of concurrent sources")
    func zipOfConcurrentSources() {
        for _ in 0..<Self.rounds {
            let hub = SourceHub(count: Self.sourceCount)
            let probe = SerialProbe<[Int]>()
            let subscription = Observable.zip(hub.sources).subscribe(probe)
            hub.emitConcurrently(Self.elementsPerSource) { _, index in index }
            let expected = (0..<Self.elementsPerSource).map { Array(repeating: $0, count: Self.sourceCount) }
            #expect(probe.elements == expected)
            #expect(probe.terminals == [.completed])
            #expect(probe.overlaps == 0)
            #expect(hub.disposals == Self.sourceCount)
            subscription.dispose()
        }
    }

    @Test("disposing while sources emit")
    func disposingWhileSourcesEmit() {
        for round in 0..<Self.rounds {
            let hub = SourceHub(count: Self.sourceCount)
            let probe = SerialProbe<Int>()
            let merged =
                round % 2 == 0
                ? Observable.merge(hub.sources)
                : Observable.combineLatest(hub.sources) { $0.reduce(0, +) }
            let subscription = SendableBox(merged.subscribe(probe))
            hub.emitConcurrently(
                Self.elementsPerSource,
                extraWorker: { subscription.value.dispose() },
                value: { source, index in source * 10_000 + index }
            )
            #expect(probe.terminals.count <= 1)
            #expect(probe.elements.count <= Self.sourceCount * Self.elementsPerSource)
            #expect(probe.overlaps == 0)
            #expect(hub.disposals == Self.sourceCount, "every source unsubscribed exactly once")
        }
    }
}

/// Sources made with `Observable.create` whose observers the test drives from other threads.
private final class SourceHub: Sendable {
    private let observers: Locked<[Int: SendableBox<AnyObserver<Int>>]>
    private let disposalCount = Locked<Int>(0)
    private let count: Int

    init(count: Int) {
        self.count = count
        self.observers = Locked([:])
    }

    /// New sources, one per index; each records its observer when subscribed.
    var sources: [Observable<Int>] {
        (0..<count).map { index in
            Observable<Int>.create { observer in
                self.observers.withLock { $0[index] = SendableBox(observer) }
                return Disposables.create { self.disposalCount.add(1) }
            }
        }
    }

    /// How many source subscriptions have been disposed.
    var disposals: Int {
        disposalCount.load()
    }

    func observer(_ index: Int) -> AnyObserver<Int> {
        guard let observer = observers.withLock({ $0[index] }) else {
            Issue.record("source \(index) was never subscribed")
            return AnyObserver { _ in }
        }
        return observer.value
    }

    /// One thread per source emits `elements` values into it, serially, then completes it;
    /// `extraWorker`, when given, runs on one more thread at the same time.
    func emitConcurrently(
        _ elements: Int,
        extraWorker: (@Sendable () -> Void)? = nil,
        value: @Sendable @escaping (Int, Int) -> Int
    ) {
        let observers = (0..<count).map { SendableBox(observer($0)) }
        let workers = count + (extraWorker == nil ? 0 : 1)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            guard worker < observers.count else {
                extraWorker?()
                return
            }
            for index in 0..<elements {
                observers[worker].value.onNext(value(worker, index))
            }
            observers[worker].value.onCompleted()
        }
        self.observers.withLock { $0.removeAll() }
    }
}

/// An observer that records elements and terminal events, and counts calls that overlapped
/// another call (the operators under test must deliver one event at a time).
private final class SerialProbe<Element: Sendable>: ObserverType, Sendable {
    private let state = Locked<(elements: [Element], terminals: [Event<Element>])>(([], []))
    private let inside = Locked<Int>(0)
    private let overlapCount = Locked<Int>(0)

    var elements: [Element] { state.withLock { $0.elements } }
    var terminals: [Event<Element>] { state.withLock { $0.terminals } }
    var overlaps: Int { overlapCount.load() }

    func on(_ event: Event<Element>) {
        if inside.add(1) > 1 {
            overlapCount.add(1)
        }
        state.withLock { state in
            switch event {
            case .next(let element): state.elements.append(element)
            case .error, .completed: state.terminals.append(event)
            }
        }
        inside.subtract(1)
    }
}
