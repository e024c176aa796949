import RxCore
import RxTest
import TestSupport
import Testing

@Suite("withUnretained", .resourceBalanced)
struct WithUnretainedTests {
    private final class Owner {
        let id: String
        init(id: String) { self.id = id }
    }

    @Test("each element is paired with the object while it lives")
    func objectAlive() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(id: "A")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.id)\($1)" } }
        #expect(res.events == [.next(210, "A1"), .next(220, "A2"), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("the first element after the object is gone completes the sequence and unsubscribes the source")
    func objectGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(id: "B")
        let weakOwner = { [weak owner] in owner }
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2), .next(220, 3), .next(225, 5), .next(230, 8), .completed(250),
        ])
        scheduler.scheduleAt(222) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!) { "\($0.id)\($1)" } }
        #expect(res.events == [.next(210, "B1"), .next(215, "B2"), .next(220, "B3"), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(weakOwner() == nil)
    }

    @Test("an error from the source goes downstream")
    func sourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(id: "C")
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.withUnretained(owner) { "\($0.id)\($1)" } }
        #expect(res.events == [.next(210, "C1"), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test("a completion while the object is gone passes through")
    func completionAfterObjectGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(id: "D")
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        scheduler.scheduleAt(220) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!) { "\($0.id)\($1)" } }
        #expect(res.events == [.next(210, "D1"), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test("disposing early unsubscribes the source")
    func earlyDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(id: "E")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(270)])
        let res = scheduler.start(disposed: 250) { xs.withUnretained(owner) { "\($0.id)\($1)" } }
        #expect(res.events == [.next(210, "E1")])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test("the operator does not keep the object alive")
    func holdsWeakly() {
        var owner: Owner? = Owner(id: "F")
        let weakOwner = { [weak owner] in owner }
        let subject = PublishSubject<Int>()
        let log = EventLog<String>()
        let subscription = subject.withUnretained(owner!).map { "\($0.id)\($1)" }.subscribe(log)
        subject.onNext(1)
        owner = nil
        #expect(weakOwner() == nil)
        subject.onNext(2)
        #expect(log.events == [.next("F1"), .completed])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test("Infallible.withUnretained behaves the same")
    func infallible() {
        var owner: Owner? = Owner(id: "G")
        let subject = PublishSubject<Int>()
        let infallible = subject.asInfallible(onErrorJustReturn: 0)
        let log = EventLog<String>()
        let subscription = infallible.withUnretained(owner!).map { "\($0.id)\($1)" }.asObservable().subscribe(log)
        let pairs = Locked<[String]>([])
        let pairSubscription = infallible.withUnretained(owner!).subscribe(onNext: { object, value in
            pairs.withLock { $0.append("\(object.id)\(value)") }
        })
        subject.onNext(1)
        owner = nil
        subject.onNext(2)
        #expect(log.events == [.next("G1"), .completed])
        #expect(pairs.withLock { $0 } == ["G1"])
        subscription.dispose()
        pairSubscription.dispose()
    }
}
