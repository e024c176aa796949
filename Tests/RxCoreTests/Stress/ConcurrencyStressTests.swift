import Dispatch
import RxCore
import RxTest
import TestSupport
import Testing

/// Several threads emitting and disposing at once: nothing lost, nothing twice, no races
/// (run under `swift test --sanitize=thread` as well).
@Suite(.resourceBalanced, .offPool)
struct ConcurrencyStressTests {
    @Test("emitting while disposing keeps the grammar")
    func emittingWhileDisposingKeepsTheGrammar() {
        for round in 0..<300 {
            let received = Locked<[Int]>([])
            let terminals = Locked<Int>(0)
            let disposals = Locked<Int>(0)
            let sourceDisposals = Locked<Int>(0)
            let observerBox = Locked<SendableBox<AnyObserver<Int>>?>(nil)
            let source = Observable<Int>.create { observer in
                observerBox.withLock { $0 = SendableBox(observer) }
                return Disposables.create { sourceDisposals.add(1) }
            }
            let subscription = SendableBox(
                source.subscribe(
                    onNext: { value in received.withLock { $0.append(value) } },
                    onError: { _ in terminals.add(1) },
                    onCompleted: { terminals.add(1) },
                    onDisposed: { disposals.add(1) }
                ))
            let observer = observerBox.withLock { $0 }!
            observerBox.withLock { $0 = nil }
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                switch worker {
                case 0:
                    for value in 0..<200 { observer.value.onNext(value) }
                    observer.value.onCompleted()
                case 1:
                    if round % 2 == 0 { subscription.value.dispose() }
                default:
                    subscription.value.dispose()
                }
            }
            let values = received.withLock { $0 }
            #expect(values == Array(0..<values.count), "elements arrive in order, none twice")
            #expect(terminals.load() <= 1)
            #expect(disposals.load() == 1)
            #expect(sourceDisposals.load() == 1)
        }
    }

    @Test("concurrent stop events deliver exactly one terminal")
    func concurrentStopEventsDeliverExactlyOneTerminal() {
        let previous = Hooks.synchronizationAnomalyHandler
        defer { Hooks.synchronizationAnomalyHandler = previous }
        Hooks.synchronizationAnomalyHandler = { _ in }  // the race is the point of this test
        for _ in 0..<300 {
            let terminals = Locked<Int>(0)
            let observerBox = Locked<SendableBox<AnyObserver<Int>>?>(nil)
            let subscription = Observable<Int>.create { observer in
                observerBox.withLock { $0 = SendableBox(observer) }
                return Disposables.create()
            }.subscribe(
                onError: { _ in terminals.add(1) },
                onCompleted: { terminals.add(1) }
            )
            let observer = observerBox.withLock { $0 }!
            observerBox.withLock { $0 = nil }
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                if worker % 2 == 0 { observer.value.onCompleted() } else { observer.value.onError(testError) }
            }
            #expect(terminals.load() == 1)
            subscription.dispose()
        }
    }

    @Test("composite under concurrent insert remove and dispose")
    func compositeUnderConcurrentInsertRemoveAndDispose() {
        for _ in 0..<100 {
            let disposeCount = Locked<Int>(0)
            let composite = SendableBox(CompositeDisposable())
            let inserted = Locked<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for index in 0..<100 {
                    if worker == 3 && index == 50 {
                        composite.value.dispose()
                        continue
                    }
                    let item = Disposables.create { disposeCount.add(1) }
                    inserted.add(1)
                    if let key = composite.value.insert(item), index % 3 == 0 {
                        composite.value.remove(for: key)
                    }
                }
            }
            #expect(composite.value.isDisposed)
            #expect(disposeCount.load() == inserted.load())
        }
    }

    @Test("serial disposable under concurrent replacement")
    func serialDisposableUnderConcurrentReplacement() {
        let disposeCount = Locked<Int>(0)
        let serial = SendableBox(SerialDisposable())
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<500 {
                serial.value.disposable = Disposables.create { disposeCount.add(1) }
                if worker == 0 && index == 400 { serial.value.dispose() }
            }
        }
        serial.value.dispose()
        #expect(disposeCount.load() == 2_000)
    }

    @Test("dispose bag filled from many threads")
    func disposeBagFilledFromManyThreads() {
        let disposeCount = Locked<Int>(0)
        var bag: DisposeBag? = DisposeBag()
        func fill(_ shared: SendableBox<DisposeBag>) {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<1_000 {
                    Disposables.create { disposeCount.add(1) }.disposed(by: shared.value)
                }
            }
        }
        fill(SendableBox(bag!))
        #expect(disposeCount.load() == 0)
        bag = nil
        #expect(disposeCount.load() == 4_000)
    }
}
