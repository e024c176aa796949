import RxCore
import RxTest
import Testing

@Suite("amb", .resourceBalanced)
struct AmbTests {
    @Test("two silent sequences: nothing, both stay subscribed")
    func neverNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1)])
        let x2 = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { x1.amb(x2) }
        #expect(res.events == [])
        #expect(x1.subscriptions == [Subscription(200, 1000)])
        #expect(x2.subscriptions == [Subscription(200, 1000)])
    }

    @Test("a list of three silent sequences: nothing, all stay subscribed")
    func neverThree() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<3).map { _ in scheduler.createHotObservable([Recorded.next(150, 1)]) }
        let res = scheduler.start { Observable.amb(sources.map { $0.asObservable() }) }
        #expect(res.events == [])
        for source in sources {
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }
    }

    @Test("a completion wins too")
    func neverEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { x1.amb(x2) }
        #expect(res.events == [.completed(225)])
        #expect(x1.subscriptions == [Subscription(200, 225)])
        #expect(x2.subscriptions == [Subscription(200, 225)])
    }

    @Test("the loser is disposed when the winner's first element arrives")
    func regularDisposesLoser() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(240)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
        let res = scheduler.start { x1.amb(x2) }
        #expect(res.events == [.next(210, 2), .completed(240)])
        #expect(x1.subscriptions == [Subscription(200, 240)])
        #expect(x2.subscriptions == [Subscription(200, 210)])
    }

    @Test("the winner's error goes downstream")
    func winnerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(220, testError)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
        let res = scheduler.start { x1.amb(x2) }
        #expect(res.events == [.next(210, 2), .error(220, testError)])
        #expect(x1.subscriptions == [Subscription(200, 220)])
        #expect(x2.subscriptions == [Subscription(200, 210)])
    }

    @Test("the loser's later error is never seen")
    func loserThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .error(230, testError)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .next(210, 3), .completed(250)])
        let res = scheduler.start { x1.amb(x2) }
        #expect(res.events == [.next(210, 3), .completed(250)])
        #expect(x1.subscriptions == [Subscription(200, 210)])
        #expect(x2.subscriptions == [Subscription(200, 250)])
    }

    @Test("an error before any element wins", arguments: [false, true])
    func errorBeforeElection(leftFails: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
        let other = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
        let res = scheduler.start { leftFails ? failing.amb(other) : other.amb(failing) }
        #expect(res.events == [.error(210, testError)])
        #expect(failing.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(200, 210)])
    }

    @Test("the static form: the third sequence wins, the others are disposed")
    func staticThirdWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(230, 1), .completed(300)])
        let x2 = scheduler.createHotObservable([.next(240, 2), .completed(300)])
        let x3 = scheduler.createHotObservable([.next(220, 3), .next(250, 4), .completed(260)])
        let res = scheduler.start { Observable.amb([x1, x2, x3].map { $0.asObservable() }) }
        #expect(res.events == [.next(220, 3), .next(250, 4), .completed(260)])
        #expect(x1.subscriptions == [Subscription(200, 220)])
        #expect(x2.subscriptions == [Subscription(200, 220)])
        #expect(x3.subscriptions == [Subscription(200, 260)])
    }

    @Test("an empty list never emits")
    func staticEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.amb([Observable<Int>]()) }
        #expect(res.events == [])
    }

    @Test("disposing early unsubscribes both sides, before and after the election", arguments: [205, 225])
    func earlyDispose(disposedAt: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let x2 = scheduler.createHotObservable([.next(220, 3), .completed(300)])
        let res = scheduler.start(disposed: disposedAt) { x1.amb(x2) }
        #expect(res.events == (disposedAt < 210 ? [] : [.next(210, 1)]))
        #expect(x1.subscriptions == [Subscription(200, disposedAt)])
        #expect(x2.subscriptions == [Subscription(200, Swift.min(disposedAt, 210))])
    }

    @Test("synchronous use, as in the documentation example")
    func documentationExample() {
        let events = CombiningSupport.synchronousEvents(Observable<Int>.never().amb(Observable.of(1, 2)))
        #expect(events == [.next(1), .next(2), .completed])
    }
}
