import Foundation
import RxBlocking
import RxCore
import RxTest
import TestSupport
import Testing

/// Two cold inner sequences: element 1 maps to `inner1`, element 2 to `inner2`.
private struct FlatMapFixture {
    let scheduler = TestScheduler(initialClock: 0)
    let inner1: TestableObservable<Int>
    let inner2: TestableObservable<Int>

    init(inner2Events: [Recorded<Event<Int>>] = [.next(5, 21), .next(20, 22), .completed(50)]) {
        inner1 = scheduler.createColdObservable([.next(10, 11), .next(30, 12), .completed(40)])
        inner2 = scheduler.createColdObservable(inner2Events)
    }

    func inner(for element: Int) -> TestableObservable<Int> {
        element == 1 ? inner1 : inner2
    }
}

@Suite("flatMap", .resourceBalanced, .offPool)
struct FlatMapTests {
    @Test("inner sequences are merged; completes when the source and every inner have completed")
    func mergesInnerSequences() {
        let fixture = FlatMapFixture()
        let xs = fixture.scheduler.createHotObservable([.next(150, 9), .next(210, 1), .next(220, 2), .completed(230)])
        let res = fixture.scheduler.start { xs.flatMap { fixture.inner(for: $0) } }
        expectEvents(
            res.events,
            [
                .next(220, 11), .next(225, 21), .next(240, 12), .next(240, 22), .completed(270),
            ])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        // Each inner subscription is released when that inner sequence completes.
        #expect(fixture.inner1.subscriptions == [Subscription(210, 250)])
        #expect(fixture.inner2.subscriptions == [Subscription(220, 270)])
    }

    @Test("the same inner sequence can be subscribed several times at once")
    func sameInnerTwice() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 0), .completed(300)])
        let res = scheduler.start { xs.flatMap { _ in inner } }
        expectEvents(res.events, [.next(220, 1), .next(225, 1), .completed(300)])
        #expect(inner.subscriptions == [Subscription(210, 230), Subscription(215, 235)])
    }

    @Test("inner sequences that end synchronously, as in the book's example")
    func synchronousInners() {
        let events = synchronousEvents(Observable.of(1, 2).flatMap { Observable.of($0, $0 * 10) })
        #expect(events == [.next(1), .next(10), .next(2), .next(20), .completed])
    }

    @Test("an error from the source ends everything, inner subscriptions included")
    func sourceError() {
        let fixture = FlatMapFixture()
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, testError)])
        let res = fixture.scheduler.start { xs.flatMap { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(225, 21), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(fixture.inner1.subscriptions == [Subscription(210, 230)])
        #expect(fixture.inner2.subscriptions == [Subscription(220, 230)])
    }

    @Test("an error from an inner sequence ends everything")
    func innerError() {
        let fixture = FlatMapFixture(inner2Events: [.next(5, 21), .error(15, testError)])
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = fixture.scheduler.start { xs.flatMap { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(225, 21), .error(235, testError)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
        #expect(fixture.inner1.subscriptions == [Subscription(210, 235)])
        #expect(fixture.inner2.subscriptions == [Subscription(220, 235)])
    }

    @Test("a throwing selector sends its error and releases the source and the inner sequences")
    func throwingSelector() {
        let fixture = FlatMapFixture()
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = fixture.scheduler.start {
            xs.flatMap { element -> TestableObservable<Int> in
                if element == 2 { throw testError }
                return fixture.inner(for: element)
            }
        }
        expectEvents(res.events, [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(fixture.inner1.subscriptions == [Subscription(210, 220)])
        #expect(fixture.inner2.subscriptions.isEmpty)
    }

    @Test("disposed early: the source and every inner sequence are unsubscribed")
    func disposedEarly() {
        let fixture = FlatMapFixture()
        let xs = fixture.scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = fixture.scheduler.start(disposed: 235) { xs.flatMap { fixture.inner(for: $0) } }
        expectEvents(res.events, [.next(220, 11), .next(225, 21)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
        #expect(fixture.inner1.subscriptions == [Subscription(210, 235)])
        #expect(fixture.inner2.subscriptions == [Subscription(220, 235)])
    }

    @Test("the source completing first waits for the inner sequences; an inner still running keeps it open")
    func waitsForInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let endless = scheduler.createColdObservable([.next(10, 1)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(220)])
        let res = scheduler.start { xs.flatMap { _ in endless } }
        expectEvents(res.events, [.next(220, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(endless.subscriptions == [Subscription(210, 1000)])
    }

    @Test("each inner subscription is disposed as soon as that inner sequence completes")
    func releasesCompletedInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = UnreleasedColdObservable(scheduler: scheduler, events: [.next(10, 11), .completed(40)])
        let inner2 = UnreleasedColdObservable(scheduler: scheduler, events: [.next(5, 21), .completed(50)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.flatMap { $0 == 1 ? inner1 : inner2 } }
        expectEvents(res.events, [.next(220, 11), .next(225, 21)])
        #expect(inner1.subscriptions == [Subscription(210, 250)])
        #expect(inner2.subscriptions == [Subscription(220, 270)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("an empty source completes at once")
    func emptySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let res = scheduler.start { xs.flatMap { Observable.just($0) } }
        expectEvents(res.events, [.completed(250)])
    }
}

@Suite("flatMapFirst", .resourceBalanced, .offPool)
struct FlatMapFirstTests {
    @Test("elements arriving while an inner sequence runs are ignored, without calling the selector")
    func ignoresWhileActive() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = [
            1: scheduler.createColdObservable([.next(10, 11), .next(30, 12), .completed(40)]),
            2: scheduler.createColdObservable([.next(5, 21), .completed(10)]),
            3: scheduler.createColdObservable([.next(10, 31), .completed(20)]),
        ]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        var selected: [Int] = []
        let res = scheduler.start {
            xs.flatMapFirst { element -> TestableObservable<Int> in
                selected.append(element)
                return inners[element] ?? scheduler.createColdObservable([])
            }
        }
        expectEvents(res.events, [.next(220, 11), .next(240, 12), .next(270, 31), .completed(300)])
        #expect(selected == [1, 3])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(inners[1]?.subscriptions == [Subscription(210, 250)])
        #expect(inners[2]?.subscriptions == [])
        #expect(inners[3]?.subscriptions == [Subscription(260, 280)])
    }

    @Test("the source completing while an inner runs: completes with the inner")
    func completesWithInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 11), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let res = scheduler.start { xs.flatMapFirst { _ in inner } }
        expectEvents(res.events, [.next(220, 11), .completed(270)])
        #expect(inner.subscriptions == [Subscription(210, 270)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("an error from the source ends the active inner sequence")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 11), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start { xs.flatMapFirst { _ in inner } }
        expectEvents(res.events, [.next(220, 11), .error(230, testError)])
        #expect(inner.subscriptions == [Subscription(210, 230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("an error from the inner sequence ends everything")
    func innerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 11), .error(20, testError)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.flatMapFirst { _ in inner } }
        expectEvents(res.events, [.next(220, 11), .error(230, testError)])
        #expect(inner.subscriptions == [Subscription(210, 230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("a throwing selector sends its error and unsubscribes from the source")
    func throwingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 11), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start {
            xs.flatMapFirst { element -> TestableObservable<Int> in
                if element == 2 { throw testError }
                return inner
            }
        }
        expectEvents(res.events, [.next(220, 11), .error(240, testError)])
        #expect(inner.subscriptions == [Subscription(210, 230)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("disposed early: the source and the active inner sequence are unsubscribed")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 11), .next(30, 12), .completed(40)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 235) { xs.flatMapFirst { _ in inner } }
        expectEvents(res.events, [.next(220, 11)])
        #expect(inner.subscriptions == [Subscription(210, 235)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }
}

/// Counts observer calls that overlap, which the serialized operators must never produce.
private final class OverlapDetector: Sendable {
    private let inside = Locked<Bool>(false)
    private let overlapCount = Locked<Int>(0)

    var overlaps: Int { overlapCount.load() }

    func check<Value>(_ value: Value) -> Value {
        if inside.exchange(true) {
            overlapCount.add(1)
            return value
        }
        // Widen the window in which an unserialized delivery would overlap.
        for _ in 0..<50 { _ = inside.load() }
        inside.store(false)
        return value
    }
}

/// An inner sequence that sends `count` elements from a thread of its own, then completes.
private func backgroundSequence(base: Int, count: Int) -> Observable<Int> {
    Observable.create { observer in
        let box = SendableBox(observer)
        Thread.detachNewThread {
            for offset in 0..<count {
                box.value.onNext(base + offset)
            }
            box.value.onCompleted()
        }
        return Disposables.create()
    }
}

@Suite("flatMap family on several threads", .resourceBalanced, .offPool)
struct FlatMapConcurrencyTests {
    @Test("flatMap: inner sequences sending from different threads reach the observer one at a time")
    func flatMapSerializes() throws {
        let detector = OverlapDetector()
        let elements = try Observable.of(0, 1, 2, 3)
            .flatMap { backgroundSequence(base: $0 * 100_000, count: 20_000) }
            .map { detector.check($0) }
            .toBlocking(timeout: hangGuardSeconds)
            .toArray()
        // Compared as booleans: a failure must not print 80 000 numbers.
        #expect(detector.overlaps == 0)
        #expect(elements.count == 80_000)
        for base in 0..<4 {
            let own = elements.filter { $0 / 100_000 == base }
            let complete = own == (0..<20_000).map { base * 100_000 + $0 }
            #expect(complete, "inner \(base) arrived whole and in order")
        }
    }

    @Test("concatMap: background inner sequences arrive whole and in order")
    func concatMapOrders() throws {
        let elements = try Observable.of(0, 1, 2, 3)
            .concatMap { backgroundSequence(base: $0 * 10_000, count: 500) }
            .toBlocking(timeout: hangGuardSeconds)
            .toArray()
        let inOrder = elements == (0..<4).flatMap { base in (0..<500).map { base * 10_000 + $0 } }
        #expect(inOrder, "the inner sequences arrived one after another, each whole")
    }
}
