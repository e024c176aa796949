import RxCore
import RxTest
import Testing

@Suite("sample", .resourceBalanced)
struct SampleTests {
    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .completed(400),
        ])
    }

    private static func sampler(_ scheduler: TestScheduler) -> TestableObservable<String> {
        scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"), .completed(500),
        ])
    }

    @Test("each tick sends the latest new element; ticks with nothing new send nothing")
    func simple() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let ys = Self.sampler(scheduler)
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .next(320, 6), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys.subscriptions == [Subscription(200, 500)])
    }

    @Test("the sampler's completion is a tick too")
    func completionTicks() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .next(360, 7),
            .completed(400),
        ])
        let ys = Self.sampler(scheduler)
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .next(320, 6), .next(500, 7), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys.subscriptions == [Subscription(200, 500)])
    }

    @Test("the result completes at the first tick after the source completed")
    func completesAtNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .completed(300),
        ])
        let ys = Self.sampler(scheduler)
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .next(320, 4), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test("with a default value, ticks with nothing new send it")
    func defaultValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let ys = Self.sampler(scheduler)
        let res = scheduler.start { xs.sample(ys, defaultValue: 0) }
        #expect(
            res.events == [
                .next(210, 0), .next(250, 3), .next(260, 0), .next(320, 6), .next(500, 0), .completed(500),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys.subscriptions == [Subscription(200, 500)])
    }

    @Test("an error from the sampler ends the result")
    func samplerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .error(320, testError),
        ])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .error(320, testError)])
        #expect(xs.subscriptions == [Subscription(200, 320)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test("an error from the source ends the result")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6),
            .error(320, testError),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(300, "baz"), .completed(400),
        ])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .next(300, 5), .error(320, testError)])
        #expect(xs.subscriptions == [Subscription(200, 320)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test("a sampler that completes before the source leaves the result open, as in RxSwift")
    func samplerCompletesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .next(310, 2), .completed(400)])
        let ys = scheduler.createHotObservable([.next(210, "tick"), .completed(300)])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(300, 1)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
        #expect(scheduler.openSubscriptions.isEmpty)
    }

    @Test("disposing early unsubscribes from both")
    func disposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.source(scheduler)
        let ys = Self.sampler(scheduler)
        let res = scheduler.start(disposed: 255) { xs.sample(ys) }
        #expect(res.events == [.next(250, 3)])
        #expect(xs.subscriptions == [Subscription(200, 255)])
        #expect(ys.subscriptions == [Subscription(200, 255)])
    }

    @Test("the source is subscribed before the sampler")
    func subscriptionOrder() {
        var log: [String] = []
        let source = Observable<Int>.create { _ in
            log.append("source subscribed")
            return Disposables.create { log.append("source disposed") }
        }
        let sampler = Observable<Int>.create { _ in
            log.append("sampler subscribed")
            return Disposables.create { log.append("sampler disposed") }
        }
        source.sample(sampler).subscribe().dispose()
        #expect(log == ["source subscribed", "sampler subscribed", "source disposed", "sampler disposed"])
    }

    @Test("with subjects: each element is sampled at most once")
    func subjects() {
        let source = PublishSubject<Int>()
        let ticks = PublishSubject<Void>()
        var received: [String] = []
        let subscription = source.sample(ticks).subscribe(
            onNext: { received.append("\($0)") },
            onCompleted: { received.append("completed") }
        )
        source.onNext(1)
        source.onNext(2)
        ticks.onNext(())
        ticks.onNext(())
        source.onNext(3)
        source.onCompleted()
        #expect(received == ["2"])
        ticks.onNext(())
        #expect(received == ["2", "3", "completed"])
        #expect(!ticks.hasObservers)
        subscription.dispose()
    }
}
