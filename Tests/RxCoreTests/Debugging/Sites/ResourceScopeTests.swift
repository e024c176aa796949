import Dispatch
import RxCore
import RxTest
import TestSupport
import Testing

@Suite(.serialized, .resourceBalanced, .enabled(if: Resources.isEnabled, "needs the TraceResources trait"), .offPool)
struct ResourceScopeTests {
    @Test("counts only the resources made inside it")
    func countsOnlyTheResourcesMadeInsideIt() {
        let scope = ResourceScope("counts")
        let outside = BooleanDisposable()
        let inside = scope.run { [BooleanDisposable(), BooleanDisposable()] }
        var subscription: Disposable? = scope.run { Observable<Int>.never().map { $0 }.subscribe(onNext: { _ in }) }
        #expect(
            scope.snapshot()
                == ResourceSnapshot(
                    total: 4,
                    types: [
                        "BooleanDisposable": 2, "MapSink<Int, AnonymousObserver<Int>>": 1, "AnonymousObserver<Int>": 1,
                    ]))
        subscription?.dispose()
        subscription = nil
        #expect(scope.snapshot() == ResourceSnapshot(total: 2, types: ["BooleanDisposable": 2]))
        #expect(inside.count == 2)
        outside.dispose()
    }

    @Test("freed resources leave the scope")
    func freedResourcesLeaveTheScope() {
        let scope = ResourceScope()
        var held = scope.run { (0..<4).map { _ in BooleanDisposable() } }
        #expect(scope.snapshot().total == 4)
        held.removeFirst()
        #expect(scope.snapshot() == ResourceSnapshot(total: 3, types: ["BooleanDisposable": 3]))
        held.removeAll()
        #expect(scope.snapshot() == ResourceSnapshot(total: 0, types: [:]))
    }

    @Test("the current scope is bound only inside run")
    func theCurrentScopeIsBoundOnlyInsideRun() {
        // `.resourceBalanced` runs the test in a scope of its own.
        let outer = ResourceScope.current
        let scope = ResourceScope("bound")
        scope.run {
            #expect(ResourceScope.current === scope)
        }
        #expect(ResourceScope.current === outer)
    }

    @Test("two concurrent scopes see only their own resources")
    func twoConcurrentScopesSeeOnlyTheirOwnResources() async {
        let first = ResourceScope("first")
        let second = ResourceScope("second")
        let counts = await withTaskGroup(of: (Int, Int).self) { group in
            for (index, scope) in [first, second].enumerated() {
                group.addTask {
                    await scope.run {
                        var held: [BooleanDisposable] = []
                        // Interleave with the other task: allocate, suspend, allocate again.
                        for round in 0..<20 {
                            for _ in 0...index { held.append(BooleanDisposable()) }
                            if round % 3 == 0 { await Task.yield() }
                        }
                        // Children and unstructured tasks made here belong to the scope too.
                        let child = await Task { BooleanDisposable() }.value
                        held.append(child)
                        return (index, scope.snapshot().types["BooleanDisposable"] ?? 0)
                    }
                }
            }
            var result: [Int: Int] = [:]
            for await (index, count) in group { result[index] = count }
            return (result[0] ?? -1, result[1] ?? -1)
        }
        #expect(counts.0 == 21)
        #expect(counts.1 == 41)
        #expect(first.snapshot().total == 0)
        #expect(second.snapshot().total == 0)
    }

    @Test("two scopes on two threads at once")
    func twoScopesOnTwoThreadsAtOnce() {
        let scopes = [ResourceScope("a"), ResourceScope("b")]
        let totals = Locked([Int](repeating: 0, count: 2))
        let heldAll = Locked([[BooleanDisposable]](repeating: [], count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let held = scopes[worker].run { (0..<(500 * (worker + 1))).map { _ in BooleanDisposable() } }
            heldAll.withLock { $0[worker] = held }
        }
        for worker in 0..<2 {
            totals.withLock { $0[worker] = scopes[worker].snapshot().total }
        }
        #expect(totals.withLock { $0 } == [500, 1000])
        heldAll.withLock { $0 = [] }
        #expect(scopes.map { $0.snapshot().total } == [0, 0])
    }

    @Test("an outer scope counts its nested scopes")
    func anOuterScopeCountsItsNestedScopes() {
        let outer = ResourceScope("outer")
        let (inner, held) = outer.run {
            let inner = ResourceScope("inner")
            let own = BooleanDisposable()
            let nested = inner.run { [BooleanDisposable(), BooleanDisposable()] }
            return (inner, nested + [own])
        }
        #expect(inner.snapshot().total == 2)
        #expect(outer.snapshot().total == 3)
        #expect(held.count == 3)
    }

    @Test("sites of a scope with call sites only")
    func sitesOfAScopeWithCallSitesOnly() {
        let scope = ResourceScope("sites")
        let before = AllocationSites.moment()
        let held = scope.run {
            ResourceSites.withCallSite(file: "MyApp/Feed.swift", line: 21) { BooleanDisposable() }
        }
        let stranger = ResourceSites.withCallSite(file: "MyApp/Other.swift", line: 5) { BooleanDisposable() }
        let report = scope.sites(allocatedAfter: before)
        #expect(report.sites.map(\.userFrame) == ["MyApp/Feed.swift:21"])
        #expect(report.sites.first?.live == ["BooleanDisposable": 1])
        #expect(report.isSampled == false)
        #expect(report.capture == AllocationSiteCapture.none)
        #expect(scope.snapshot(allocatedAfter: AllocationSites.moment()).total == 0)
        held.dispose()
        stranger.dispose()
    }
}
