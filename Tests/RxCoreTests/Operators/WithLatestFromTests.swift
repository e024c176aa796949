import RxCore
import RxTest
import Testing

@Suite("withLatestFrom", .resourceBalanced)
struct WithLatestFromTests {
    private static let firstEvents: [Recorded<Event<Int>>] = [
        .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6), .next(410, 7),
        .next(420, 8), .next(470, 9), .next(550, 10), .completed(590),
    ]
    private static let secondEvents: [Recorded<Event<String>>] = [
        .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400),
    ]

    @Test("each element of the first source takes the latest of the second; earlier ones are dropped")
    func simple() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.firstEvents)
        let ys = scheduler.createHotObservable(Self.secondEvents)
        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(
            res.events == [
                .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .next(410, "7qux"), .next(420, "8qux"),
                .next(470, "9qux"), .next(550, "10qux"), .completed(590),
            ])
        #expect(xs.subscriptions == [Subscription(200, 590)])
        #expect(ys.subscriptions == [Subscription(200, 400)])
    }

    @Test("without a selector the latest element of the second source is emitted")
    func withoutSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.firstEvents)
        let ys = scheduler.createHotObservable(Self.secondEvents)
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(
            res.events == [
                .next(260, "bar"), .next(310, "bar"), .next(340, "foo"), .next(410, "qux"), .next(420, "qux"),
                .next(470, "qux"), .next(550, "qux"), .completed(590),
            ])
        #expect(xs.subscriptions == [Subscription(200, 590)])
        #expect(ys.subscriptions == [Subscription(200, 400)])
    }

    @Test("the first source completing ends everything")
    func firstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .completed(230)])
        let ys = scheduler.createHotObservable([.next(210, "a"), .next(300, "b")])
        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(res.events == [.next(220, "1a"), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test("an error from the first source disposes both")
    func firstFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .error(230, testError)])
        let ys = scheduler.createHotObservable([.next(210, "a"), .completed(300)])
        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(res.events == [.next(220, "1a"), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test("an error from the second source disposes both")
    func secondFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(210, "a"), .error(230, testError, String.self)])
        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(res.events == [.next(220, "1a"), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test("the second source never emitting: nothing but the first source's completion")
    func secondSilent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.completed(230, String.self)])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test("a throwing selector fails the sequence and disposes both sources")
    func selectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.firstEvents)
        let ys = scheduler.createHotObservable(Self.secondEvents)
        let res = scheduler.start {
            xs.withLatestFrom(ys) { first, second throws -> String in
                if first == 5 { throw testError }
                return "\(first)\(second)"
            }
        }
        #expect(res.events == [.next(260, "4bar"), .error(310, testError)])
        #expect(xs.subscriptions == [Subscription(200, 310)])
        #expect(ys.subscriptions == [Subscription(200, 310)])
    }

    @Test("disposing early unsubscribes both sources")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.firstEvents)
        let ys = scheduler.createHotObservable(Self.secondEvents)
        let res = scheduler.start(disposed: 320) { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(260, "bar"), .next(310, "bar")])
        #expect(xs.subscriptions == [Subscription(200, 320)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test("the second source is subscribed before the first")
    func subscriptionOrder() {
        let events = CombiningSupport.synchronousEvents(Observable.just(1).withLatestFrom(Observable.just("a")))
        #expect(events == [.next("a"), .completed])
    }
}
