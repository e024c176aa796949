import RxCore
import RxTest
import TestSupport
import Testing

@Suite("multicast, publish, replay and replayAll", .resourceBalanced)
struct MulticastTests {
    /// Subscribes `res` to the connectable at `subscribeAt` and runs RxSwift's connection
    /// schedule; returns the source.
    private func run(
        subscribeAt: TestTime,
        terminal: Recorded<Event<Int>> = .error(800, testError),
        _ make: @escaping (TestableObservable<Int>) -> ConnectableObservable<Int>
    ) -> (TestableObserver<Int>, TestableObservable<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = SharingSupport.multicastSource(scheduler, terminal: terminal)
        let res = scheduler.createObserver(Int.self)
        var ys: ConnectableObservable<Int>?
        var subscription: Disposable?
        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = make(xs) }
        scheduler.scheduleAt(subscribeAt) { subscription = ys?.subscribe(res) }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) {
            subscription?.dispose()
            ys = nil
        }
        SharingSupport.runConnections(scheduler) { ys! }
        scheduler.start()
        return (res, xs)
    }

    @Test("multicast(makeSubject:): each connection controls the source subscription and gets a fresh subject")
    func makeSubjectConnections() {
        let (res, xs) = run(subscribeAt: 405) { $0.multicast(makeSubject: { ReplaySubject.create(bufferSize: 3) }) }
        #expect(res.events == [.next(430, 2), .next(450, 9), .next(520, 11)])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test("multicast(makeSubject:): subscribing after connecting replays the connection's subject")
    func makeSubjectConnectFirst() {
        let (res, xs) = run(subscribeAt: 470) { $0.multicast(makeSubject: { ReplaySubject.create(bufferSize: 1) }) }
        #expect(res.events == [.next(470, 9), .next(520, 11)])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test("multicast(_:): one subject for every connection")
    func fixedSubjectConnections() {
        let (res, xs) = run(subscribeAt: 405) { $0.multicast(ReplaySubject.create(bufferSize: 3)) }
        #expect(
            res.events == [
                .next(405, 5), .next(405, 6), .next(405, 7), .next(430, 2), .next(450, 9), .next(520, 11),
                .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
            ])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test("multicast(_:): subscribing after connecting")
    func fixedSubjectConnectFirst() {
        let (res, xs) = run(subscribeAt: 470) { $0.multicast(ReplaySubject.create(bufferSize: 1)) }
        #expect(
            res.events == [
                .next(470, 9), .next(520, 11), .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
            ])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test("multicast(_:): after the source completes the subject keeps its stop event")
    func fixedSubjectCompleted() {
        let (res, xs) = run(subscribeAt: 405, terminal: .completed(435)) { $0.multicast(PublishSubject()) }
        #expect(res.events == [.next(430, 2), .completed(435)])
        // The connection at 440 subscribes the source again, but the subject ignores it.
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 435), Subscription(440, 530), Subscription(575, 621)])
    }

    @Test("multicast(makeSubject:): after the source completes the next connection starts over")
    func makeSubjectCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = SharingSupport.multicastSource(scheduler, terminal: .completed(435))
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let ys = xs.multicast(makeSubject: { PublishSubject<Int>() })
        var subscriptions: [Disposable] = []
        var connection: Disposable?
        scheduler.scheduleAt(405) { subscriptions.append(ys.subscribe(first)) }
        scheduler.scheduleAt(420) { connection = ys.connect() }
        scheduler.scheduleAt(440) { subscriptions.append(ys.subscribe(second)) }
        scheduler.scheduleAt(445) { connection = ys.connect() }
        scheduler.scheduleAt(525) { connection?.dispose() }
        scheduler.scheduleAt(1000) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
        #expect(first.events == [.next(430, 2), .completed(435)])
        #expect(second.events == [.next(450, 9), .next(520, 11)])
        #expect(xs.subscriptions == [Subscription(420, 435), Subscription(445, 525)])
    }

    @Test("publish: observers get the elements emitted while connected")
    func publishBasic() {
        let (res, xs) = run(subscribeAt: 200) { $0.publish() }
        // The subject of the first connection is dropped at 400: the observer stays with it.
        #expect(res.events == [.next(340, 8), .next(360, 5), .next(370, 6), .next(390, 7)])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test("publish and connect on synchronous sources, several observers")
    func publishSynchronous() {
        let shared = Observable.of(1, 2, 3).publish()
        let a = EventLog<Int>()
        let b = EventLog<Int>()
        let subscriptionA = shared.subscribe(a)
        let subscriptionB = shared.subscribe(b)
        let connection = shared.connect()
        #expect(a.events == [.next(1), .next(2), .next(3), .completed])
        #expect(b.events == [.next(1), .next(2), .next(3), .completed])
        connection.dispose()
        subscriptionA.dispose()
        subscriptionB.dispose()
    }

    @Test("replay and replayAll replay to late observers while connected")
    func replay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .error(300, testError)])
        let two = xs.replay(2)
        let all = xs.replayAll()
        let resTwo = scheduler.createObserver(Int.self)
        let resAll = scheduler.createObserver(Int.self)
        var disposables: [Disposable] = []
        scheduler.scheduleAt(200) {
            disposables.append(two.connect())
            disposables.append(all.connect())
        }
        scheduler.scheduleAt(250) {
            disposables.append(two.subscribe(resTwo))
            disposables.append(all.subscribe(resAll))
        }
        scheduler.scheduleAt(1000) { disposables.forEach { $0.dispose() } }
        scheduler.start()
        #expect(resTwo.events == [.next(250, 2), .next(250, 3), .error(300, testError)])
        #expect(resAll.events == [.next(250, 1), .next(250, 2), .next(250, 3), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(200, 300)])
    }

    @Test("connect twice returns the same connection; disposing it twice is harmless")
    func connectTwice() {
        let subscribed = Locked(0)
        let source = Observable<Int>.create { _ in
            subscribed.withLock { $0 += 1 }
            return Disposables.create()
        }
        let shared = source.publish()
        let first = shared.connect()
        let second = shared.connect()
        #expect(subscribed.withLock { $0 } == 1)
        first.dispose()
        second.dispose()
        _ = shared.connect().dispose()
        #expect(subscribed.withLock { $0 } == 2)
    }

    @Test("multicast(_:selector:): a fresh subject per subscription, the selector's sequence, one source subscription")
    func multicastWithSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4),
            .next(270, 5), .next(330, 6), .next(340, 7), .completed(390),
        ])
        let res = scheduler.start {
            xs.multicast(
                { PublishSubject<Int>() },
                selector: { shared in
                    Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 }
                })
        }
        #expect(res.events == [.next(240, 34), .next(270, 45), .next(330, 56), .next(340, 67), .completed(390)])
        #expect(xs.subscriptions == [Subscription(200, 390)])
    }

    @Test("multicast(_:selector:): an error thrown by the selector goes to the observer")
    func multicastSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { (_: Observable<Int>) -> Observable<Int> in throw testError })
        }
        #expect(res.events == [.error(200, testError)])
        #expect(xs.subscriptions.isEmpty)
    }
}
