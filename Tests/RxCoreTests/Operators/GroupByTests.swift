import RxCore
import RxTest
import Testing

@Suite("groupBy", .resourceBalanced)
struct GroupByTests {
    /// Keys by remainder modulo 3: 1, 4 and 7 share key 1; 2 and 5 share key 2.
    private static let numbers: [Recorded<Event<Int>>] = [
        .next(150, 3), .next(210, 1), .next(220, 2), .next(230, 4), .next(240, 5), .next(250, 7), .completed(300),
    ]

    /// Subscribes to `source` at 200, records every group with its key, runs the scheduler.
    private static func run(
        _ scheduler: TestScheduler,
        _ source: Observable<GroupedObservable<Int, Int>>,
        disposeOuterAt: TestTime? = nil,
        disposeGroupsAt: TestTime? = nil
    ) -> (outer: TestableObserver<Int>, keys: [Int], groups: SubsequenceRecorder<Int>) {
        let groups = SubsequenceRecorder<Int>(scheduler: scheduler)
        let outer = scheduler.createObserver(Int.self)
        var keys: [Int] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription =
                source
                .map { group -> Int in
                    keys.append(group.key)
                    groups.record(group)
                    return group.key
                }
                .subscribe(outer)
        }
        if let disposeOuterAt {
            scheduler.scheduleAt(disposeOuterAt) { subscription?.dispose() }
        }
        if let disposeGroupsAt {
            scheduler.scheduleAt(disposeGroupsAt) { groups.disposeAll() }
        }
        scheduler.start()
        subscription?.dispose()
        groups.disposeAll()
        return (outer, keys, groups)
    }

    @Test("a group is sent with its first element; each group gets the elements of its key")
    func groups() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let (outer, keys, groups) = Self.run(scheduler, xs.groupBy { $0 % 3 })
        expectEvents(outer.events, [.next(210, 1), .next(220, 2), .completed(300)])
        #expect(keys == [1, 2])
        #expect(
            groups.events == [
                [.next(210, 1), .next(230, 4), .next(250, 7), .completed(300)],
                [.next(220, 2), .next(240, 5), .completed(300)],
            ])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("groups merged back with flatMap, as in the documentation example")
    func mergedBack() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start {
            xs.groupBy { $0 % 2 == 0 ? "even" : "odd" }.flatMap { group in group.map { "\(group.key) \($0)" } }
        }
        expectEvents(
            res.events,
            [
                .next(210, "odd 1"), .next(220, "even 2"), .next(230, "even 4"), .next(240, "odd 5"), .next(250, "odd 7"),
                .completed(300),
            ])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test("an error from the source reaches every group, then the result")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 4), .error(260, testError)])
        let (outer, _, groups) = Self.run(scheduler, xs.groupBy { $0 % 3 })
        expectEvents(outer.events, [.next(210, 1), .next(220, 2), .error(260, testError)])
        #expect(
            groups.events == [
                [.next(210, 1), .next(230, 4), .error(260, testError)],
                [.next(220, 2), .error(260, testError)],
            ])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("a throwing key selector fails every group and the result, and unsubscribes from the source")
    func throwingKeySelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let source = xs.groupBy { element -> Int in
            if element == 5 { throw testError }
            return element % 3
        }
        let (outer, _, groups) = Self.run(scheduler, source)
        expectEvents(outer.events, [.next(210, 1), .next(220, 2), .error(240, testError)])
        #expect(
            groups.events == [
                [.next(210, 1), .next(230, 4), .error(240, testError)],
                [.next(220, 2), .error(240, testError)],
            ])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("disposed early with no group observed: the source is unsubscribed at once")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        let res = scheduler.start(disposed: 235) { xs.groupBy { $0 % 3 }.map(\.key) }
        expectEvents(res.events, [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }

    @Test("disposing the groups' subscription keeps the source while a group is observed")
    func outerDisposedWhileGroupsObserved() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 4), .next(245, 3), .next(250, 7), .next(270, 10), .completed(300),
        ])
        let (outer, keys, groups) = Self.run(scheduler, xs.groupBy { $0 % 3 }, disposeOuterAt: 235, disposeGroupsAt: 260)
        // After 235 no new group is sent (3 at 245 has a new key); existing groups still
        // receive elements until their subscriptions end at 260, which releases the source.
        expectEvents(outer.events, [.next(210, 1), .next(220, 2)])
        #expect(keys == [1, 2])
        #expect(
            groups.events == [
                [.next(210, 1), .next(230, 4), .next(250, 7)],
                [.next(220, 2)],
            ])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test("a group subscribed after the source completed receives the completion")
    func lateGroupSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.numbers)
        var kept: [GroupedObservable<Int, Int>] = []
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = xs.groupBy { $0 % 3 }.subscribe(onNext: { kept.append($0) })
        }
        scheduler.scheduleAt(400) { _ = kept.first?.subscribe(late) }
        scheduler.start()
        kept = []
        #expect(late.events == [.completed(400)])
    }

    @Test("GroupedObservable exposes its key and its elements")
    func groupedObservable() {
        let group = GroupedObservable(key: "k", source: Observable.of(1, 2))
        #expect(group.key == "k")
        #expect(synchronousEvents(group) == [.next(1), .next(2), .completed])
        #expect(synchronousEvents(group.asObservable()) == [.next(1), .next(2), .completed])
    }
}
