import RxCore
import RxTest
import TestSupport
import Testing

@Suite("catch and catchAndReturn", .resourceBalanced)
struct CatchTests {
    @Test("without an error the handler is never called")
    func noError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let ys = scheduler.createHotObservable([.next(240, 5), .completed(250)])
        let calls = Locked(0)
        let res = scheduler.start {
            xs.catch { _ in
                calls.withLock { $0 += 1 }
                return ys.asObservable()
            }
        }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [])
        #expect(calls.withLock { $0 } == 0)
    }

    @Test("an error switches to the handler's sequence at the error time")
    func switchesOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
        let ys = scheduler.createHotObservable([.next(240, 3), .completed(250)])
        let handled = Locked<[TestError]>([])
        let handledAt = Locked<[TestTime]>([])
        let res = scheduler.start {
            xs.catch { error in
                handled.withLock { $0.append(error as? TestError ?? TestError(code: -1)) }
                handledAt.withLock { $0.append(scheduler.clock) }
                return ys.asObservable()
            }
        }
        #expect(res.events == [.next(210, 2), .next(240, 3), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
        #expect(handled.withLock { $0 } == [testError])
        #expect(handledAt.withLock { $0 } == [230])
    }

    @Test("the handler's sequence may fail in turn")
    func fallbackFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
        let ys = scheduler.createHotObservable([.next(240, 3), .error(250, testError2)])
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        #expect(res.events == [.next(210, 2), .next(240, 3), .error(250, testError2)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
    }

    @Test("a throwing handler sends its error downstream")
    func handlerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
        let res = scheduler.start { xs.catch { _ in throw testError2 } }
        #expect(res.events == [.next(210, 2), .error(230, testError2)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposing early unsubscribes the source, or the fallback once switched")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
        let ys = scheduler.createHotObservable([.next(240, 3), .next(260, 4), .completed(270)])
        let res = scheduler.start(disposed: 250) { xs.catch { _ in ys.asObservable() } }
        #expect(res.events == [.next(210, 2), .next(240, 3)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 2), .error(230, testError)])
        let ys2 = scheduler2.createHotObservable([.next(240, 3), .completed(250)])
        let res2 = scheduler2.start(disposed: 220) { xs2.catch { _ in ys2.asObservable() } }
        #expect(res2.events == [.next(210, 2)])
        #expect(xs2.subscriptions == [Subscription(200, 220)])
        #expect(ys2.subscriptions == [])
    }

    @Test("nested catches handle errors of their fallbacks")
    func nested() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let ys = scheduler.createColdObservable([.next(10, 2), .error(20, testError2)])
        let zs = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start {
            xs.catch { _ in ys.asObservable() }.catch { _ in zs.asObservable() }
        }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(220, 240)])
        #expect(zs.subscriptions == [Subscription(240, 260)])
    }

    @Test("catchAndReturn ends with the element and a completion")
    func catchAndReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
        let res = scheduler.start { xs.catchAndReturn(100) }
        #expect(res.events == [.next(210, 2), .next(230, 100), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(150, 1), .next(210, 2), .completed(230)])
        let res2 = scheduler2.start { ys.catchAndReturn(100) }
        #expect(res2.events == [.next(210, 2), .completed(230)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test("synchronous sources and the deprecated spellings")
    @available(*, deprecated)
    func synchronousAndDeprecated() {
        let caught = synchronousEvents(Observable<Int>.error(testError).catch { _ in Observable.of(1, 2) })
        #expect(caught == [.next(1), .next(2), .completed])
        let returned = synchronousEvents(Observable.concat([Observable.just(1), Observable.error(testError)]).catchAndReturn(9))
        #expect(returned == [.next(1), .next(9), .completed])
        let old = synchronousEvents(Observable<Int>.error(testError).catchError { _ in Observable.just(3) })
        #expect(old == [.next(3), .completed])
        let oldReturn = synchronousEvents(Observable<Int>.error(testError).catchErrorJustReturn(4))
        #expect(oldReturn == [.next(4), .completed])
        let oldSequence = synchronousEvents(Observable.catchError([Observable<Int>.error(testError), Observable.just(5)]))
        #expect(oldSequence == [.next(5), .completed])
    }
}
