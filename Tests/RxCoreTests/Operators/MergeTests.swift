import RxCore
import RxTest
import Testing

@Suite("merge", .resourceBalanced)
struct MergeTests {
    // MARK: synchronous sources

    @Test("synchronous inner sequences: every element, then one completion")
    func synchronousInner() {
        for limit in [nil, 1, 2] {
            let outer = Observable.of(Observable.of(0, 1, 2), Observable.of(0, 1, 2), Observable.of(0, 1, 2))
            let merged = limit.map { outer.merge(maxConcurrent: $0) } ?? outer.merge()
            let events = CombiningSupport.synchronousEvents(merged)
            #expect(events.filter { $0.element != nil }.count == 9, "limit \(String(describing: limit))")
            #expect(events.last == .completed)
        }
    }

    @Test("an inner error after some elements gives exactly one error")
    func synchronousInnerErrorAfterElements() {
        for limit in [nil, 1] {
            let outer = Observable.of(
                Observable.of(0, 1, 2),
                Observable.concat([Observable.of(0, 1), Observable.error(testError)]),
                Observable.of(0, 1, 2)
            )
            let merged = limit.map { outer.merge(maxConcurrent: $0) } ?? outer.merge()
            let events = CombiningSupport.synchronousEvents(merged)
            #expect(events.filter { $0.error != nil }.count == 1)
            #expect(events.last == .error(testError))
        }
    }

    @Test("an empty outer sequence, or one empty inner sequence, completes once")
    func synchronousEmpty() {
        let emptyOuter = Observable<Observable<Int>>.empty()
        #expect(CombiningSupport.synchronousEvents(emptyOuter.merge()) == [.completed])
        #expect(CombiningSupport.synchronousEvents(emptyOuter.merge(maxConcurrent: 1)) == [.completed])
        let emptyInner = Observable.just(Observable<Int>.empty())
        #expect(CombiningSupport.synchronousEvents(emptyInner.merge()) == [.completed])
        #expect(CombiningSupport.synchronousEvents(emptyInner.merge(maxConcurrent: 1)) == [.completed])
        let failing = Observable.just(Observable<Int>.error(testError))
        #expect(CombiningSupport.synchronousEvents(failing.merge()) == [.error(testError)])
        #expect(CombiningSupport.synchronousEvents(failing.merge(maxConcurrent: 1)) == [.error(testError)])
    }

    @Test("synchronous sources take turns on the trampoline, as in the documentation example")
    func documentationExample() {
        let events = CombiningSupport.synchronousEvents(Observable.merge([Observable.of(1, 2), Observable.of(10, 20)]))
        #expect(events == [.next(1), .next(10), .next(2), .next(20), .completed])
    }

    // MARK: merge() of a sequence of sequences

    @Test("inner sequences are subscribed as they arrive; completion waits for the last one")
    func observableOfObservables() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([
            .next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106),
            .completed(230),
        ])
        let ys2 = scheduler.createColdObservable([
            .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), .completed(50),
        ])
        let ys3 = scheduler.createColdObservable([
            .next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304), .next(120, 305), .completed(150),
        ])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])
        let res = scheduler.start { xs.merge() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 103), .next(410, 201), .next(420, 104), .next(420, 202),
                .next(430, 203), .next(440, 204), .next(510, 105), .next(510, 301), .next(520, 106), .next(520, 302),
                .next(530, 303), .next(540, 304), .next(620, 305), .completed(650),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(ys1.subscriptions == [Subscription(300, 530)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        #expect(ys3.subscriptions == [Subscription(500, 650)])
    }

    @Test("completes with the outer sequence when every inner one is already done")
    func notOverlapped() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(230)])
        let ys2 = scheduler.createColdObservable([
            .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), .completed(50),
        ])
        let ys3 = scheduler.createColdObservable([
            .next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304), .completed(50),
        ])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])
        let res = scheduler.start { xs.merge() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304), .completed(600),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(ys1.subscriptions == [Subscription(300, 530)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        #expect(ys3.subscriptions == [Subscription(500, 550)])
    }

    @Test("an inner error disposes the outer and every inner subscription")
    func innerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([
            .next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106),
            .completed(230),
        ])
        let ys2 = scheduler.createColdObservable([
            .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), .error(50, testError),
        ])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .completed(150)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])
        let res = scheduler.start { xs.merge() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 103), .next(410, 201), .next(420, 104), .next(420, 202),
                .next(430, 203), .next(440, 204), .error(450, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 450)])
        #expect(ys1.subscriptions == [Subscription(300, 450)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        #expect(ys3.subscriptions == [])
    }

    @Test("an outer error disposes the running inner subscriptions")
    func outerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([
            .next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106),
            .completed(230),
        ])
        let ys2 = scheduler.createColdObservable([
            .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), .completed(50),
        ])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .error(500, testError)])
        let res = scheduler.start { xs.merge() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 103), .next(410, 201), .next(420, 104), .next(420, 202),
                .next(430, 203), .next(440, 204), .error(500, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(ys1.subscriptions == [Subscription(300, 500)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
    }

    @Test("disposing early unsubscribes the outer and every running inner sequence")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(100, 102), .completed(200)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(100, 202), .completed(200)])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .completed(20)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(320, ys2), .next(500, ys3), .completed(600)])
        let res = scheduler.start(disposed: 400) { xs.merge() }
        #expect(res.events == [.next(310, 101), .next(330, 201)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys1.subscriptions == [Subscription(300, 400)])
        #expect(ys2.subscriptions == [Subscription(320, 400)])
        #expect(ys3.subscriptions == [])
    }

    // MARK: merge(maxConcurrent:)

    /// RxSwift's four inner sequences for the `merge(maxConcurrent:)` scenarios.
    private static func limitedSources(
        _ scheduler: TestScheduler,
        ys2Completion: TestTime = 200,
        ys3Failure: Bool = false
    ) -> [TestableObservable<Int>] {
        [
            scheduler.createColdObservable([.next(50, 1), .next(100, 2), .next(120, 3), .completed(140)]),
            scheduler.createColdObservable([.next(20, 4), .next(70, 5), .completed(ys2Completion)]),
            scheduler.createColdObservable([
                .next(10, 6), .next(90, 7), .next(110, 8), ys3Failure ? .error(140, testError) : .completed(130),
            ]),
            scheduler.createColdObservable([.next(210, 9), .next(240, 10), .completed(300)]),
        ]
    }

    /// The outer sequence of the `merge(maxConcurrent:)` scenarios: the four inner sequences
    /// at 210, 260, 270 and `lastAt`, then `end`.
    private static func limitedOuter(
        _ scheduler: TestScheduler,
        _ ys: [TestableObservable<Int>],
        lastAt: TestTime,
        end: Recorded<Event<TestableObservable<Int>>>
    ) -> TestableObservable<TestableObservable<Int>> {
        scheduler.createHotObservable([.next(210, ys[0]), .next(260, ys[1]), .next(270, ys[2]), .next(lastAt, ys[3]), end])
    }

    @Test("at most two at a time: the others wait and start as running ones complete")
    func limitedBasic() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.limitedSources(scheduler)
        let xs = Self.limitedOuter(scheduler, ys, lastAt: 320, end: .completed(400))
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6), .next(440, 7),
                .next(460, 8), .next(670, 9), .next(700, 10), .completed(760),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys[0].subscriptions == [Subscription(210, 350)])
        #expect(ys[1].subscriptions == [Subscription(260, 460)])
        #expect(ys[2].subscriptions == [Subscription(350, 480)])
        #expect(ys[3].subscriptions == [Subscription(460, 760)])
    }

    @Test("a just waits for a free slot like any inner sequence, then delivers in order", arguments: [1, 2])
    func limitedJustWaitsItsTurn(limit: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let running = scheduler.createHotObservable([.next(220, 1), .completed(300)])
        let xs = scheduler.createHotObservable([
            .next(210, running.asObservable()), .next(230, Observable.just(2)), .next(240, Observable.just(3)),
            .completed(250),
        ])
        let res = scheduler.start { xs.merge(maxConcurrent: limit) }
        let expected: [Recorded<Event<Int>>] =
            limit == 1
            ? [.next(220, 1), .next(300, 2), .next(300, 3), .completed(300)]
            : [.next(220, 1), .next(230, 2), .next(240, 3), .completed(300)]
        #expect(res.events == expected)
        #expect(running.subscriptions == [Subscription(210, 300)])
    }

    @Test("a longer inner sequence holds its slot longer")
    func limitedBasicLong() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.limitedSources(scheduler, ys2Completion: 300)
        let xs = Self.limitedOuter(scheduler, ys, lastAt: 320, end: .completed(400))
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6), .next(440, 7),
                .next(460, 8), .next(690, 9), .next(720, 10), .completed(780),
            ])
        #expect(ys[1].subscriptions == [Subscription(260, 560)])
        #expect(ys[2].subscriptions == [Subscription(350, 480)])
        #expect(ys[3].subscriptions == [Subscription(480, 780)])
    }

    @Test("three at a time, the outer sequence completing last")
    func limitedBasicLate() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.limitedSources(scheduler, ys2Completion: 300)
        let xs = Self.limitedOuter(scheduler, ys, lastAt: 420, end: .completed(750))
        let res = scheduler.start { xs.merge(maxConcurrent: 3) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(280, 6), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 7),
                .next(380, 8), .next(630, 9), .next(660, 10), .completed(750),
            ])
        #expect(xs.subscriptions == [Subscription(200, 750)])
        #expect(ys[0].subscriptions == [Subscription(210, 350)])
        #expect(ys[1].subscriptions == [Subscription(260, 560)])
        #expect(ys[2].subscriptions == [Subscription(270, 400)])
        #expect(ys[3].subscriptions == [Subscription(420, 720)])
    }

    @Test("disposing early unsubscribes the running inner sequences; waiting ones never start")
    func limitedDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.limitedSources(scheduler)
        let xs = Self.limitedOuter(scheduler, ys, lastAt: 320, end: .completed(400))
        let res = scheduler.start(disposed: 450) { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6), .next(440, 7),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys[0].subscriptions == [Subscription(210, 350)])
        #expect(ys[1].subscriptions == [Subscription(260, 450)])
        #expect(ys[2].subscriptions == [Subscription(350, 450)])
        #expect(ys[3].subscriptions == [])
    }

    @Test("an outer error with a limit disposes the running inner sequences")
    func limitedOuterError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.limitedSources(scheduler)
        let xs = Self.limitedOuter(scheduler, ys, lastAt: 320, end: .error(400, testError))
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6),
                .error(400, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys[1].subscriptions == [Subscription(260, 400)])
        #expect(ys[2].subscriptions == [Subscription(350, 400)])
        #expect(ys[3].subscriptions == [])
    }

    @Test("an inner error with a limit disposes everything")
    func limitedInnerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = Self.limitedSources(scheduler, ys3Failure: true)
        let xs = Self.limitedOuter(scheduler, ys, lastAt: 320, end: .completed(400))
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6), .next(440, 7),
                .next(460, 8), .error(490, testError),
            ])
        #expect(ys[1].subscriptions == [Subscription(260, 460)])
        #expect(ys[2].subscriptions == [Subscription(350, 490)])
        #expect(ys[3].subscriptions == [Subscription(460, 490)])
    }

    // MARK: static merge of a fixed list

    @Test("no sources completes at subscription", arguments: 0..<3)
    func staticEmpty(form: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { () -> Observable<Int> in
            switch form {
            case 0: return Observable.merge()
            case 1: return Observable.merge(AnyCollection([Observable<Int>]()))
            default: return Observable.merge([Observable<Int>]())
            }
        }
        #expect(res.events == [.completed(200)])
    }

    @Test("every source is subscribed at once; completes after the last one", arguments: 0..<3)
    func staticData(form: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .completed(50)])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .next(20, 302), .completed(150)])
        let res = scheduler.start { Self.merged([ys1, ys2, ys3], form: form) }
        #expect(
            res.events == [
                .next(210, 101), .next(210, 201), .next(210, 301), .next(220, 102), .next(220, 202), .next(220, 302),
                .completed(430),
            ])
        #expect(ys1.subscriptions == [Subscription(200, 430)])
        #expect(ys2.subscriptions == [Subscription(200, 250)])
        #expect(ys3.subscriptions == [Subscription(200, 350)])
    }

    @Test("an empty source does not complete the merge early")
    func staticEmptyAndData() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .completed(50)])
        let res = scheduler.start { Observable.merge(Observable<Int>.empty(), ys2.asObservable()) }
        #expect(res.events == [.next(210, 201), .next(220, 202), .completed(250)])
        #expect(ys2.subscriptions == [Subscription(200, 250)])
    }

    @Test("a source error disposes every source", arguments: 0..<3)
    func staticError(form: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .error(15, testError)])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .next(20, 302), .completed(150)])
        let res = scheduler.start { Self.merged([ys1, ys2, ys3], form: form) }
        #expect(res.events == [.next(210, 101), .next(210, 201), .next(210, 301), .error(215, testError)])
        for source in [ys1, ys2, ys3] {
            #expect(source.subscriptions == [Subscription(200, 215)])
        }
    }

    @Test("disposing early unsubscribes every source")
    func staticEarlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let ys2 = scheduler.createHotObservable([.next(220, 10), .completed(230)])
        let ys3 = scheduler.createHotObservable([.next(240, 100), .next(270, 200), .completed(400)])
        let res = scheduler.start(disposed: 250) {
            Observable.merge(ys1.asObservable(), ys2.asObservable(), ys3.asObservable())
        }
        #expect(res.events == [.next(210, 1), .next(220, 10), .next(240, 100)])
        #expect(ys1.subscriptions == [Subscription(200, 250)])
        #expect(ys2.subscriptions == [Subscription(200, 230)])
        #expect(ys3.subscriptions == [Subscription(200, 250)])
    }

    private static func merged(_ sources: [TestableObservable<Int>], form: Int) -> Observable<Int> {
        let observables = sources.map { $0.asObservable() }
        switch form {
        case 0: return Observable.merge(observables[0], observables[1], observables[2])
        case 1: return Observable.merge(AnyCollection(observables))
        default: return Observable.merge(observables)
        }
    }
}
