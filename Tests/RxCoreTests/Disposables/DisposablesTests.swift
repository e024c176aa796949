import Dispatch
import RxCore
import RxTest
import TestSupport
import Testing

@Suite(.resourceBalanced, .offPool)
struct DisposablesTests {
    @Test("no-op disposable does nothing")
    func noOpDisposableDoesNothing() {
        let disposable = Disposables.create()
        disposable.dispose()
        disposable.dispose()
    }

    @Test("closure runs once on first dispose")
    func closureRunsOnceOnFirstDispose() {
        let journal = Journal()
        let disposable = Disposables.create { journal.record("x") }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(journal.entries == ["x"])
    }

    @Test("closure runs once under concurrent dispose")
    func closureRunsOnceUnderConcurrentDispose() {
        for _ in 0..<200 {
            let journal = Journal()
            let disposable = Disposables.create { journal.record("x") }
            let box = SendableBox(disposable)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in box.value.dispose() }
            #expect(journal.entries == ["x"])
        }
    }

    @Test("pair disposes both in order once")
    func pairDisposesBothInOrderOnce() {
        let journal = Journal()
        let pair = Disposables.create(
            Disposables.create { journal.record("1") },
            Disposables.create { journal.record("2") }
        )
        #expect(!pair.isDisposed)
        pair.dispose()
        pair.dispose()
        #expect(pair.isDisposed)
        #expect(journal.entries == ["1", "2"])
    }

    @Test("three and many dispose all in order")
    func threeAndManyDisposeAllInOrder() {
        let journal = Journal()
        let make = { (name: String) in Disposables.create { journal.record(name) } }
        Disposables.create(make("a"), make("b"), make("c")).dispose()
        Disposables.create(make("d"), make("e"), make("f"), make("g"), make("h")).dispose()
        Disposables.create([make("i"), make("j")]).dispose()
        Disposables.create([make("k"), make("l"), make("m")]).dispose()
        #expect(journal.entries == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"])
    }

    @Test("boolean disposable records disposal")
    func booleanDisposableRecordsDisposal() {
        let disposable = BooleanDisposable()
        #expect(!disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(BooleanDisposable(isDisposed: true).isDisposed)
    }
}

@Suite(.resourceBalanced, .offPool)
struct CompositeDisposableTests {
    @Test("disposes everything in insertion order")
    func disposesEverythingInInsertionOrder() {
        let journal = Journal()
        let composite = CompositeDisposable(
            Disposables.create { journal.record("1") },
            Disposables.create { journal.record("2") }
        )
        _ = composite.insert(Disposables.create { journal.record("3") })
        #expect(composite.count == 3)
        composite.dispose()
        #expect(composite.isDisposed)
        #expect(composite.count == 0)
        #expect(journal.entries == ["1", "2", "3"])
    }

    @Test("remove disposes only that item")
    func removeDisposesOnlyThatItem() {
        let journal = Journal()
        let composite = CompositeDisposable()
        let first = composite.insert(Disposables.create { journal.record("1") })
        _ = composite.insert(Disposables.create { journal.record("2") })
        composite.remove(for: first!)
        #expect(journal.entries == ["1"])
        #expect(composite.count == 1)
        composite.remove(for: first!)
        #expect(journal.entries == ["1"])
        composite.dispose()
        #expect(journal.entries == ["1", "2"])
    }

    @Test("insert after dispose disposes the item and returns nil")
    func insertAfterDisposeDisposesTheItemAndReturnsNil() {
        let journal = Journal()
        let composite = CompositeDisposable(disposables: [])
        composite.dispose()
        let key = composite.insert(Disposables.create { journal.record("late") })
        #expect(key == nil)
        #expect(journal.entries == ["late"])
    }

    @Test("variadic initializers")
    func variadicInitializers() {
        let journal = Journal()
        let make = { (name: String) in Disposables.create { journal.record(name) } }
        CompositeDisposable(make("a"), make("b"), make("c")).dispose()
        CompositeDisposable(disposables: make("d"), make("e")).dispose()
        #expect(journal.entries == ["a", "b", "c", "d", "e"])
    }

    @Test("CompositeDisposable(d1, d2, d3, d4, d5): RxSwift's variadic initializer, disposed in order")
    func variadicFourOrMore() {
        let journal = Journal()
        let make = { (name: String) in Disposables.create { journal.record(name) } }
        let composite = CompositeDisposable(make("1"), make("2"), make("3"), make("4"), make("5"))
        #expect(composite.count == 5)
        composite.dispose()
        CompositeDisposable(make("6"), make("7"), make("8"), make("9")).dispose()
        #expect(journal.entries == ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
    }
}

@Suite(.resourceBalanced, .offPool)
struct SerialDisposableTests {
    @Test("replacing disposes the previous")
    func replacingDisposesThePrevious() {
        let journal = Journal()
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { journal.record("1") }
        #expect(journal.entries.isEmpty)
        serial.disposable = Disposables.create { journal.record("2") }
        #expect(journal.entries == ["1"])
        serial.dispose()
        #expect(serial.isDisposed)
        #expect(journal.entries == ["1", "2"])
    }

    @Test("assignment after dispose disposes at once")
    func assignmentAfterDisposeDisposesAtOnce() {
        let journal = Journal()
        let serial = SerialDisposable()
        serial.dispose()
        serial.disposable = Disposables.create { journal.record("late") }
        #expect(journal.entries == ["late"])
        serial.dispose()
        #expect(journal.entries == ["late"])
    }
}

@Suite(.resourceBalanced, .offPool)
struct SingleAssignmentDisposableTests {
    @Test("disposes the assigned disposable")
    func disposesTheAssignedDisposable() {
        let journal = Journal()
        let single = SingleAssignmentDisposable()
        single.setDisposable(Disposables.create { journal.record("x") })
        #expect(!single.isDisposed)
        single.dispose()
        single.dispose()
        #expect(single.isDisposed)
        #expect(journal.entries == ["x"])
    }

    @Test("dispose before assignment disposes on assignment")
    func disposeBeforeAssignmentDisposesOnAssignment() {
        let journal = Journal()
        let single = SingleAssignmentDisposable()
        single.dispose()
        #expect(journal.entries.isEmpty)
        single.setDisposable(Disposables.create { journal.record("x") })
        #expect(journal.entries == ["x"])
    }

    // Exit tests came with Swift 6.2; the package declares 6.1.
    #if compiler(>=6.2)
    @Test("assigning twice stops the program")
    func assigningTwiceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let single = SingleAssignmentDisposable()
            single.setDisposable(Disposables.create())
            single.setDisposable(Disposables.create())
        }
    }
    #endif
}

@Suite(.resourceBalanced, .offPool)
struct RefCountDisposableTests {
    @Test("underlying waits for every dependent")
    func underlyingWaitsForEveryDependent() {
        let journal = Journal()
        let refCount = RefCountDisposable(disposable: Disposables.create { journal.record("x") })
        let first = refCount.retain()
        let second = refCount.retain()
        refCount.dispose()
        #expect(refCount.isDisposed == false)
        #expect(journal.entries.isEmpty)
        first.dispose()
        first.dispose()
        #expect(journal.entries.isEmpty)
        second.dispose()
        #expect(journal.entries == ["x"])
        #expect(refCount.isDisposed)
    }

    @Test("without dependents disposes at once")
    func withoutDependentsDisposesAtOnce() {
        let journal = Journal()
        let refCount = RefCountDisposable(disposable: Disposables.create { journal.record("x") })
        refCount.dispose()
        refCount.dispose()
        #expect(journal.entries == ["x"])
        #expect(refCount.isDisposed)
    }

    @Test("dependents disposed first keep the primary in charge")
    func dependentsDisposedFirstKeepThePrimaryInCharge() {
        let journal = Journal()
        let refCount = RefCountDisposable(disposable: Disposables.create { journal.record("x") })
        refCount.retain().dispose()
        #expect(journal.entries.isEmpty)
        refCount.dispose()
        #expect(journal.entries == ["x"])
    }
}

@Suite(.resourceBalanced, .offPool)
struct ScheduledDisposableTests {
    @Test("disposes on its scheduler")
    func disposesOnItsScheduler() {
        let journal = Journal()
        let scheduled = ScheduledDisposable(
            scheduler: CurrentThreadScheduler.instance,
            disposable: Disposables.create { journal.record("x") }
        )
        #expect(!scheduled.isDisposed)
        scheduled.dispose()
        scheduled.dispose()
        #expect(scheduled.isDisposed)
        #expect(journal.entries == ["x"])
    }

    @Test("runs on the scheduler's queue")
    func runsOnTheSchedulersQueue() {
        let queue = DispatchQueue(label: "scheduled-disposable")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "target")
        let journal = Journal()
        let scheduled = ScheduledDisposable(
            scheduler: QueueScheduler(queue: queue),
            disposable: Disposables.create { journal.record(DispatchQueue.getSpecific(key: key) ?? "elsewhere") }
        )
        scheduled.dispose()
        queue.sync {}
        #expect(journal.entries == ["target"])
    }

    @Test("isDisposed turns true when the disposal runs on the scheduler, not when it is asked for")
    func disposedWhenTheDisposalRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let journal = Journal()
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: Disposables.create { journal.record("x") })
        scheduler.scheduleAt(100) { scheduled.dispose() }
        scheduler.scheduleAt(100) { scheduled.dispose() }
        scheduler.advanceTo(100)
        #expect(!scheduled.isDisposed)
        #expect(journal.entries.isEmpty)
        scheduler.start()
        #expect(scheduled.isDisposed)
        #expect(journal.entries == ["x"])
    }
}

@Suite(.resourceBalanced, .offPool)
struct DisposeBagTests {
    @Test("disposes everything when released")
    func disposesEverythingWhenReleased() {
        let journal = Journal()
        var bag: DisposeBag? = DisposeBag()
        Disposables.create { journal.record("1") }.disposed(by: bag!)
        bag!.insert(Disposables.create { journal.record("2") }, Disposables.create { journal.record("3") })
        #expect(journal.entries.isEmpty)
        bag = nil
        #expect(journal.entries == ["1", "2", "3"])
    }

    @Test("replacing the bag disposes the old one")
    func replacingTheBagDisposesTheOldOne() {
        let journal = Journal()
        var bag = DisposeBag()
        Disposables.create { journal.record("old") }.disposed(by: bag)
        bag = DisposeBag()
        #expect(journal.entries == ["old"])
        Disposables.create { journal.record("new") }.disposed(by: bag)
        #expect(journal.entries == ["old"])
    }

    @Test("builder and variadic initializers")
    func builderAndVariadicInitializers() {
        let journal = Journal()
        var bags: [DisposeBag] = [
            DisposeBag(disposing: Disposables.create { journal.record("a") }),
            DisposeBag {
                Disposables.create { journal.record("b") }
                Disposables.create { journal.record("c") }
            },
        ]
        bags[1].insert {
            Disposables.create { journal.record("d") }
        }
        bags.removeAll()
        #expect(journal.entries == ["a", "b", "c", "d"])
    }

    /// A builder function spelled as in RxSwift, where the result builder is nested in the bag.
    @DisposeBag.DisposableBuilder
    private static func twoDisposables(_ journal: Journal) -> [Disposable] {
        Disposables.create { journal.record("first") }
        Disposables.create { journal.record("second") }
    }

    @Test("the result builder is DisposeBag.DisposableBuilder, as in RxSwift, and still DisposableBuilder")
    func builderUnderRxSwiftsName() {
        let journal = Journal()
        // The earlier top-level name is the same type: this line compiles only if it is.
        let _: DisposableBuilder.Type = DisposeBag.DisposableBuilder.self
        do {
            let bag = DisposeBag(disposing: Self.twoDisposables(journal))
            withExtendedLifetime(bag) { #expect(journal.entries == []) }
        }
        #expect(journal.entries == ["first", "second"])
    }

    @Test("thousands of entries, added one by one and in arrays, are disposed once each, in order")
    func thousandsOfEntriesAreDisposedOnceEachInOrder() {
        // Past several chunks (8, 16, … up to 1,024 entries each), with arrays appended between
        // single entries so that a chunk also fills past its planned capacity.
        let order = Locked<[Int]>([])
        func entry(_ number: Int) -> Disposable {
            Disposables.create { order.withLock { $0.append(number) } }
        }
        var bag: DisposeBag? = DisposeBag(disposing: [entry(0), entry(1), entry(2)])
        var next = 3
        while next < 5_000 {
            if next.isMultiple(of: 97) {
                bag!.insert((next..<next + 10).map(entry))
                next += 10
            } else {
                entry(next).disposed(by: bag!)
                next += 1
            }
        }
        #expect(order.withLock { $0.isEmpty })
        bag = nil
        #expect(order.withLock { $0 } == Array(0..<next))
    }

    @Test("entries added from several threads at once are each disposed once", hangTimeLimit(minutes: 10))
    func entriesAddedFromSeveralThreadsAreEachDisposedOnce() {
        let disposals = Locked<[Int: Int]>([:])
        var bag: DisposeBag? = DisposeBag()
        let shared = bag!
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_000 {
                let number = thread * 2_000 + index
                shared.insert(Disposables.create { disposals.withLock { $0[number, default: 0] += 1 } })
            }
        }
        bag = nil
        _ = consume shared
        let counts = disposals.withLock { $0 }
        #expect(counts.count == 8_000)
        #expect(counts.values.allSatisfy { $0 == 1 })
    }

    @Test("subscriptions end with the bag")
    func subscriptionsEndWithTheBag() {
        let journal = Journal()
        var bag: DisposeBag? = DisposeBag()
        Observable<Int>.create { _ in Disposables.create { journal.record("unsubscribed") } }
            .subscribe()
            .disposed(by: bag!)
        bag = nil
        #expect(journal.entries == ["unsubscribed"])
    }
}

/// A minimal scheduler that runs actions on a dispatch queue, for disposal tests.
private struct QueueScheduler: ImmediateSchedulerType {
    let queue: DispatchQueue

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = SendableBox((state, action))
        queue.async { _ = work.value.1(work.value.0) }
        return Disposables.create()
    }
}
