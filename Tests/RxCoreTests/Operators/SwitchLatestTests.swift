import RxCore
import RxTest
import Testing

@Suite("switchLatest", .resourceBalanced)
struct SwitchLatestTests {
    /// RxSwift's three inner sequences; the second one fails at 50 when `failing` is set.
    private static func innerSequences(_ scheduler: TestScheduler, failing: Bool = false) -> [TestableObservable<Int>] {
        [
            scheduler.createColdObservable([
                .next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106),
                .completed(230),
            ]),
            scheduler.createColdObservable([
                .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204),
                failing ? .error(50, testError) : .completed(50),
            ]),
            scheduler.createColdObservable([
                .next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304), .completed(150),
            ]),
        ]
    }

    @Test("each new inner sequence replaces the previous one; completes after the outer and the last inner")
    func data() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.innerSequences(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(400, ys[1]), .next(500, ys[2]), .completed(600)])
        let res = scheduler.start { xs.switchLatest() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304), .completed(650),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(ys[0].subscriptions == [Subscription(300, 400)])
        #expect(ys[1].subscriptions == [Subscription(400, 450)])
        #expect(ys[2].subscriptions == [Subscription(500, 650)])
    }

    @Test("an inner error ends everything")
    func innerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.innerSequences(scheduler, failing: true)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(400, ys[1]), .next(500, ys[2]), .completed(600)])
        let res = scheduler.start { xs.switchLatest() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .error(450, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 450)])
        #expect(ys[0].subscriptions == [Subscription(300, 400)])
        #expect(ys[1].subscriptions == [Subscription(400, 450)])
        #expect(ys[2].subscriptions == [])
    }

    @Test("an outer error ends everything")
    func outerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.innerSequences(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(400, ys[1]), .error(500, testError)])
        let res = scheduler.start { xs.switchLatest() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .error(500, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(ys[0].subscriptions == [Subscription(300, 400)])
        #expect(ys[1].subscriptions == [Subscription(400, 450)])
    }

    @Test("the outer sequence completing with no inner sequence running completes at once")
    func outerCompletesAlone() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys), .completed(250)])
        let res = scheduler.start { xs.switchLatest() }
        #expect(res.events == [.next(220, 1), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test("disposing early unsubscribes the outer and the current inner sequence")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.innerSequences(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(400, ys[1]), .next(500, ys[2]), .completed(600)])
        let res = scheduler.start(disposed: 425) { xs.switchLatest() }
        #expect(res.events == [.next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202)])
        #expect(xs.subscriptions == [Subscription(200, 425)])
        #expect(ys[0].subscriptions == [Subscription(300, 400)])
        #expect(ys[1].subscriptions == [Subscription(400, 425)])
        #expect(ys[2].subscriptions == [])
    }

    @Test("synchronous inner sequences: the outer completion waits for the running inner sequence")
    func synchronous() {
        // On the trampoline the outer completion is queued between the inner sequence's
        // elements; the result still completes only after the inner sequence.
        let outer = Observable.of(Observable.just(1), Observable.of(2, 3))
        let events = CombiningSupport.synchronousEvents(outer.switchLatest())
        #expect(events == [.next(1), .next(2), .next(3), .completed])
    }
}
