import Dispatch
import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced, .offPool)
struct ResourcesTests {
    @Test("counts nothing without the trait", .enabled(if: !Resources.isEnabled, "only without the TraceResources trait"))
    func countsNothingWithoutTheTrait() {
        let subscription = Observable<Int>.create { _ in Disposables.create() }.subscribe()
        #expect(Resources.total == 0)
        #expect(Resources.incrementTotal() == 0)
        #expect(Resources.decrementTotal() == 0)
        #expect(Resources.snapshot() == ResourceSnapshot(total: 0, types: [:]))
        let mapped = Observable.just(1).map { $0 + 1 }.observe(on: MainScheduler.instance)
        #expect(Resources.numberOfMapOperators == 0)
        #expect(Resources.numberOfSerialDispatchQueueObservables == 0)
        _ = mapped
        subscription.dispose()
    }

    @Test("counts live map operators as RxSwift does", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func countsLiveMapOperatorsAsRxSwiftDoes() {
        let before = Resources.numberOfMapOperators
        var chain: Observable<Int>? = Observable.just(1).map { $0 * 10 }.map { $0 + 1 }
        #expect(Resources.numberOfMapOperators == before + 2)
        chain = nil
        #expect(Resources.numberOfMapOperators == before)
        _ = chain
    }

    @Test("counts serial dispatch queue observe on as RxSwift does", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func countsSerialDispatchQueueObserveOnAsRxSwiftDoes() {
        let before = Resources.numberOfSerialDispatchQueueObservables
        var serial: Observable<Int>? = Observable.just(1)
            .observe(on: SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.resources"))
        #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
        var concurrent: Observable<Int>? = Observable.just(1)
            .observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
        serial = nil
        concurrent = nil
        #expect(Resources.numberOfSerialDispatchQueueObservables == before)
        _ = (serial, concurrent)
    }

    @Test("counts a live subscription per type", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func countsALiveSubscriptionPerType() {
        let before = Resources.snapshot()
        let source = Observable<Int>.create { _ in Disposables.create() }
        let subscription = source.subscribe(onNext: { _ in })
        let during = Resources.snapshot().difference(from: before)
        #expect(during["AnonymousObservable<Int>"] == 1)
        #expect(during["AnonymousObservableSink<AnonymousObserver<Int>>"] == 1)
        #expect(during["AnonymousObserver<Int>"] == 1)
        #expect(Resources.total > Int32(before.total))
        subscription.dispose()
        #expect(Resources.snapshot().difference(from: before)["AnonymousObservableSink<AnonymousObserver<Int>>"] == nil)
    }

    @Test("custom increments are counted under their own name", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func customIncrementsAreCountedUnderTheirOwnName() {
        let before = Resources.total
        #expect(Resources.incrementTotal() == before + 1)
        #expect(Resources.snapshot().types["(custom)"] == 1)
        #expect(Resources.decrementTotal() == before)
        #expect(Resources.snapshot().types["(custom)"] == nil)
    }

    @Test("counts stay exact under concurrent allocation", .enabled(if: Resources.isEnabled, "needs the TraceResources trait"))
    func countsStayExactUnderConcurrentAllocation() {
        let before = Resources.total
        let holders = (0..<8).map { _ in DisposableHolder() }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<2_000 {
                holders[worker].add(Disposables.create {})
                holders[worker].add(BooleanDisposable())
            }
        }
        #expect(Resources.total == before + 8 * 4_000)
        for holder in holders { holder.removeAll() }
        #expect(Resources.total == before)
    }

    @Test("snapshot difference lists only changes")
    func snapshotDifferenceListsOnlyChanges() {
        let earlier = ResourceSnapshot(total: 3, types: ["A": 1, "B": 2])
        let later = ResourceSnapshot(total: 4, types: ["A": 1, "B": 1, "C": 2])
        #expect(later.difference(from: earlier) == ["B": -1, "C": 2])
        #expect(ResourceSnapshot(total: 1, types: ["A": 1, "Z": 0]).types == ["A": 1])
        #expect(later.description == "total 4\n  C: 2\n  A: 1\n  B: 1")
    }
}

/// Holds disposables created on one worker thread.
private final class DisposableHolder: @unchecked Sendable {
    private var items: [Disposable] = []
    func add(_ item: Disposable) { items.append(item) }
    func removeAll() { items.removeAll() }
}
