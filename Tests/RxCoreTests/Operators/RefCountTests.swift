import RxCore
import RxTest
import TestSupport
import Testing

@Suite("refCount", .resourceBalanced)
struct RefCountTests {
    @Test("connects on the first observer, disconnects when the last leaves, reconnects afresh")
    func connectAndDisconnect() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7),
            .next(280, 8), .next(290, 9), .completed(300),
        ])
        let ys = xs.publish().refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)
        var d1: Disposable?
        var d2: Disposable?
        var d3: Disposable?
        scheduler.scheduleAt(215) { d1 = ys.subscribe(o1) }
        scheduler.scheduleAt(225) { d2 = ys.subscribe(o2) }
        scheduler.scheduleAt(235) { d1?.dispose() }
        scheduler.scheduleAt(275) { d2?.dispose() }
        scheduler.scheduleAt(280) { d3 = ys.subscribe(o3) }
        scheduler.scheduleAt(320) { d3?.dispose() }
        scheduler.start()
        #expect(o1.events == [.next(220, 2), .next(230, 3)])
        #expect(o2.events == [.next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7)])
        #expect(o3.events == [.next(290, 9), .completed(300)])
        #expect(xs.subscriptions == [Subscription(215, 275), Subscription(280, 300)])
    }

    @Test("the source's error reaches every observer and ends the connection")
    func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, testError)])
        let ys = xs.publish().refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(215) { _ = ys.subscribe(o2) }
        scheduler.start()
        #expect(o1.events == [.next(210, 1), .next(220, 2), .error(230, testError)])
        #expect(o2.events == [.next(220, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposing with the default start unsubscribes the source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let res = scheduler.start(disposed: 225) { xs.publish().refCount() }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test("a synchronous source completes every observer; a later observer reconnects")
    func synchronousSource() {
        let subscribed = Locked(0)
        let source = Observable<Int>.create { observer in
            subscribed.withLock { $0 += 1 }
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let shared = source.publish().refCount()
        #expect(synchronousEvents(shared) == [.next(1), .completed])
        #expect(synchronousEvents(shared) == [.next(1), .completed])
        #expect(subscribed.withLock { $0 } == 2)
    }

    @Test("with a fixed subject, a late observer only gets the stop event and nothing reconnects")
    func fixedSubjectAfterCompletion() {
        let subscribed = Locked(0)
        let source = Observable<Int>.create { observer in
            subscribed.withLock { $0 += 1 }
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let shared = source.multicast(PublishSubject<Int>()).refCount()
        #expect(synchronousEvents(shared) == [.next(1), .completed])
        #expect(synchronousEvents(shared) == [.completed])
        #expect(subscribed.withLock { $0 } == 1)
    }
}
