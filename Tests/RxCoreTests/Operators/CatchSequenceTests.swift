import RxCore
import RxTest
import TestSupport
import Testing

@Suite("Observable.catch(sequence:)", .resourceBalanced)
struct CatchSequenceTests {
    @Test("the first source completing ends the result; the next is never subscribed")
    func noErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let o2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start { Observable.catch(sequence: [o1.asObservable(), o2.asObservable()]) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(230)])
        #expect(o1.subscriptions == [Subscription(200, 230)])
        #expect(o2.subscriptions == [])
    }

    @Test("an error moves to the next source")
    func errorMovesOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        let o2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start { Observable.catch(sequence: [o1.asObservable(), o2.asObservable()]) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
        #expect(o1.subscriptions == [Subscription(200, 230)])
        #expect(o2.subscriptions == [Subscription(230, 250)])
    }

    @Test("a never-ending next source keeps the result open")
    func errorThenNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
        let o2 = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { Observable.catch(sequence: [o1.asObservable(), o2.asObservable()]) }
        #expect(res.events == [.next(210, 2)])
        #expect(o1.subscriptions == [Subscription(200, 230)])
        #expect(o2.subscriptions == [Subscription(230, 1000)])
    }

    @Test("when every source fails, the last error goes downstream")
    func allFail() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
        let o2 = scheduler.createHotObservable([.next(240, 3), .error(250, testError2)])
        let res = scheduler.start { Observable.catch(sequence: [o1.asObservable(), o2.asObservable()]) }
        #expect(res.events == [.next(210, 2), .next(240, 3), .error(250, testError2)])
        #expect(o1.subscriptions == [Subscription(200, 230)])
        #expect(o2.subscriptions == [Subscription(230, 250)])
    }

    @Test("three cold sources, the third completes")
    func threeSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let o2 = scheduler.createColdObservable([.next(10, 2), .error(20, testError2)])
        let o3 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { Observable.catch(sequence: [o1, o2, o3].map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(o1.subscriptions == [Subscription(200, 220)])
        #expect(o2.subscriptions == [Subscription(220, 240)])
        #expect(o3.subscriptions == [Subscription(240, 260)])
    }

    @Test("disposing early unsubscribes the current source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(210, 2), .error(230, testError)])
        let o2 = scheduler.createHotObservable([.next(240, 3), .next(260, 4), .completed(270)])
        let res = scheduler.start(disposed: 250) { Observable.catch(sequence: [o1.asObservable(), o2.asObservable()]) }
        #expect(res.events == [.next(210, 2), .next(240, 3)])
        #expect(o1.subscriptions == [Subscription(200, 230)])
        #expect(o2.subscriptions == [Subscription(230, 250)])
    }

    @Test("an empty sequence of sources completes at once")
    func emptySequence() {
        #expect(synchronousEvents(Observable<Int>.catch(sequence: [Observable<Int>]())) == [.completed])
    }

    @Test("a lazy endless sequence is iterated only as far as needed")
    func lazyEndless() {
        let made = Locked(0)
        let sources = (0...).lazy.map { index -> Observable<Int> in
            made.withLock { $0 += 1 }
            return index < 3 ? Observable.error(TestError(code: index)) : Observable.just(index)
        }
        #expect(synchronousEvents(Observable.catch(sequence: sources)) == [.next(3), .completed])
        #expect(made.withLock { $0 } == 4)
    }

    @Test("a long run of synchronously failing sources does not grow the stack")
    func noStackGrowth() {
        let sources = (0..<100_000).lazy.map { index -> Observable<Int> in
            index < 99_999 ? Observable.error(testError) : Observable.just(index)
        }
        #expect(synchronousEvents(Observable.catch(sequence: sources)) == [.next(99_999), .completed])
    }
}
