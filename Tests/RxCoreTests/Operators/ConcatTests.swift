import RxCore
import RxTest
import Testing

@Suite("concat", .resourceBalanced)
struct ConcatTests {
    @Test("synchronous sources run one after another")
    func synchronous() {
        let events = CombiningSupport.synchronousEvents(
            Observable.concat([Observable.just(1), Observable.just(2), Observable.just(3)])
        )
        #expect(events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("the documentation examples")
    func documentationExamples() {
        let instance = CombiningSupport.synchronousEvents(Observable.of(1, 2).concat(Observable.of(3)))
        #expect(instance == [.next(1), .next(2), .next(3), .completed])
        let collection = CombiningSupport.synchronousEvents(Observable.concat([Observable.of(1, 2), Observable.just(3)]))
        #expect(collection == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("each source is subscribed when the previous one completes")
    func coldSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let xs2 = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .completed(30)])
        let xs3 = scheduler.createColdObservable([.next(10, 6), .next(20, 7), .next(30, 8), .next(40, 9), .completed(50)])
        let res = scheduler.start { Observable.concat([xs1, xs2, xs3].map { $0.asObservable() }) }
        #expect(
            res.events == [
                .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(260, 5), .next(280, 6), .next(290, 7),
                .next(300, 8), .next(310, 9), .completed(320),
            ])
        #expect(xs1.subscriptions == [Subscription(200, 240)])
        #expect(xs2.subscriptions == [Subscription(240, 270)])
        #expect(xs3.subscriptions == [Subscription(270, 320)])
    }

    /// One of RxSwift's two-source scenarios on hot sources: its name, the two sources' events,
    /// the expected result and the two sources' expected subscriptions.
    typealias Scenario = (
        String, [Recorded<Event<Int>>], [Recorded<Event<Int>>], [Recorded<Event<Int>>], [Subscription], [Subscription]
    )

    static let twoSourceScenarios: [Scenario] = [
        (
            "empty, empty", [.next(150, 1), .completed(230)], [.next(150, 1), .completed(250)],
            [.completed(250)], [Subscription(200, 230)], [Subscription(230, 250)]
        ),
        (
            "empty, never", [.next(150, 1), .completed(230)], [.next(150, 1)],
            [], [Subscription(200, 230)], [Subscription(230, 1000)]
        ),
        (
            "never, never", [.next(150, 1)], [.next(150, 1)],
            [], [Subscription(200, 1000)], []
        ),
        (
            "empty, error", [.next(150, 1), .completed(230)], [.next(150, 1), .error(250, testError)],
            [.error(250, testError)], [Subscription(200, 230)], [Subscription(230, 250)]
        ),
        (
            "error, empty", [.next(150, 1), .error(230, testError)], [.next(150, 1), .completed(250)],
            [.error(230, testError)], [Subscription(200, 230)], []
        ),
        (
            "error, error", [.next(150, 1), .error(230, testError)], [.next(150, 1), .error(250, testError2)],
            [.error(230, testError)], [Subscription(200, 230)], []
        ),
        (
            "return, empty", [.next(150, 1), .next(210, 2), .completed(230)], [.next(150, 1), .completed(250)],
            [.next(210, 2), .completed(250)], [Subscription(200, 230)], [Subscription(230, 250)]
        ),
        (
            "empty, return", [.next(150, 1), .completed(230)], [.next(150, 1), .next(240, 2), .completed(250)],
            [.next(240, 2), .completed(250)], [Subscription(200, 230)], [Subscription(230, 250)]
        ),
        (
            "return, never", [.next(150, 1), .next(210, 2), .completed(230)], [.next(150, 1)],
            [.next(210, 2)], [Subscription(200, 230)], [Subscription(230, 1000)]
        ),
        (
            "never, return", [.next(150, 1)], [.next(150, 1), .next(210, 2), .completed(230)],
            [], [Subscription(200, 1000)], []
        ),
        (
            "return, return", [.next(150, 1), .next(220, 2), .completed(230)], [.next(150, 1), .next(240, 3), .completed(250)],
            [.next(220, 2), .next(240, 3), .completed(250)], [Subscription(200, 230)], [Subscription(230, 250)]
        ),
        (
            "return, error", [.next(150, 1), .next(220, 2), .completed(230)], [.next(150, 1), .error(250, testError2)],
            [.next(220, 2), .error(250, testError2)], [Subscription(200, 230)], [Subscription(230, 250)]
        ),
        (
            "some data, some data", [.next(150, 1), .next(210, 2), .next(220, 3), .completed(225)],
            [.next(150, 1), .next(230, 4), .next(240, 5), .completed(250)],
            [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)],
            [Subscription(200, 225)], [Subscription(225, 250)]
        ),
    ]

    @Test("two hot sources, static and instance forms", arguments: 0..<twoSourceScenarios.count)
    func twoSources(scenario: Int) {
        let (name, first, second, expected, firstSubscriptions, secondSubscriptions) = Self.twoSourceScenarios[scenario]
        for form in 0..<3 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs1 = scheduler.createHotObservable(first)
            let xs2 = scheduler.createHotObservable(second)
            let res = scheduler.start { () -> Observable<Int> in
                switch form {
                case 0: return Observable.concat([xs1.asObservable(), xs2.asObservable()])
                case 1: return Observable.concat(xs1.asObservable(), xs2.asObservable())
                default: return xs1.concat(xs2)
                }
            }
            #expect(res.events == expected, "\(name), form \(form)")
            #expect(xs1.subscriptions == firstSubscriptions, "\(name), form \(form)")
            #expect(xs2.subscriptions == secondSubscriptions, "\(name), form \(form)")
        }
    }

    @Test("the same cold source twice, between hot ones")
    func enumerableTiming() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let xs2 = scheduler.createColdObservable([.next(50, 4), .next(60, 5), .next(70, 6), .completed(80)])
        let xs3 = scheduler.createHotObservable([
            .next(150, 1), .next(200, 2), .next(210, 3), .next(220, 4), .next(230, 5), .next(270, 6), .next(320, 7),
            .next(330, 8), .completed(340),
        ])
        let res = scheduler.start { Observable.concat([xs1, xs2, xs3, xs2].map { $0.asObservable() }) }
        #expect(
            res.events == [
                .next(210, 2), .next(220, 3), .next(280, 4), .next(290, 5), .next(300, 6), .next(320, 7), .next(330, 8),
                .next(390, 4), .next(400, 5), .next(410, 6), .completed(420),
            ])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [Subscription(230, 310), Subscription(340, 420)])
        #expect(xs3.subscriptions == [Subscription(310, 340)])
    }

    @Test("disposing early unsubscribes the current source; later ones are never subscribed")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .next(50, 3), .completed(60)])
        let xs3 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let res = scheduler.start(disposed: 250) {
            Observable.concat(xs1.asObservable(), xs2.asObservable(), xs3.asObservable())
        }
        #expect(res.events == [.next(210, 1), .next(230, 2)])
        #expect(xs1.subscriptions == [Subscription(200, 220)])
        #expect(xs2.subscriptions == [Subscription(220, 250)])
        #expect(xs3.subscriptions == [])
    }

    @Test("an endless sequence of sources is iterated lazily, one source at a time")
    func lazyEndlessSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        var made = 0
        let sources = AnySequence { () -> AnyIterator<Observable<Int>> in
            AnyIterator {
                made += 1
                return scheduler.createColdObservable([.next(10, made), .completed(20)]).asObservable()
            }
        }
        let res = scheduler.start(disposed: 295) { Observable.concat(sources) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .next(290, 5)])
        #expect(made == 5)
    }

    @Test("many synchronous sources and long concat chains do not grow the stack")
    func noStackGrowth() {
        let count = 20_000
        let flat = Observable.concat((0..<count).map { Observable.just($0) })
        let flatEvents = CombiningSupport.synchronousEvents(flat)
        #expect(flatEvents.count == count + 1)
        #expect(flatEvents.last == .completed)

        let chained = (1..<count).reduce(Observable.just(0)) { chain, value in chain.concat(Observable.just(value)) }
        let chainedEvents = CombiningSupport.synchronousEvents(chained)
        #expect(chainedEvents.compactMap(\.element) == Array(0..<count))
        #expect(chainedEvents.last == .completed)
    }

    @Test("no sources completes at subscription")
    func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.concat([Observable<Int>]()) }
        #expect(res.events == [.completed(200)])
    }

    // MARK: concat() of a sequence of sequences

    @Test("inner sequences run one at a time, in arrival order")
    func observableOfObservables() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let ys3 = scheduler.createColdObservable([.next(5, 4), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .next(300, ys3), .completed(305)])
        let res = scheduler.start { xs.concat() }
        #expect(res.events == [.next(220, 1), .next(230, 2), .next(250, 3), .next(305, 4), .completed(310)])
        #expect(xs.subscriptions == [Subscription(200, 305)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(240, 260)])
        #expect(ys3.subscriptions == [Subscription(300, 310)])
    }

    @Test("an inner error ends everything; waiting inner sequences are never subscribed")
    func observableOfObservablesError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(215, ys2), .completed(300)])
        let res = scheduler.start { xs.concat() }
        #expect(res.events == [.next(220, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])
        #expect(ys2.subscriptions == [])
    }
}
