import RxCore
import RxTest
import Testing

/// The per-element path (`_onNext`) must behave exactly as `on(.next(_))`: these tests send the
/// same elements both ways, through every kind of observer the core hands elements to.
@Suite(.resourceBalanced)
struct ElementPathTests {
    /// An observer that implements only `on(_:)`, as user types do.
    private final class OnlyOn: ObserverType, @unchecked Sendable {
        var events: [Event<Int>] = []
        func on(_ event: Event<Int>) { events.append(event) }
    }

    @Test("an observer with only on receives on next as next events")
    func anObserverWithOnlyOnReceivesOnNextAsNextEvents() {
        let observer = OnlyOn()
        observer.onNext(1)
        observer._onNext(2)
        observer.onCompleted()
        #expect(observer.events == [.next(1), .next(2), .completed])
    }

    @Test("subjects deliver elements sent either way to every kind of observer")
    func subjectsDeliverElementsSentEitherWayToEveryKindOfObserver() {
        let subject = PublishSubject<Int>()
        let custom = OnlyOn()
        var viaEvents: [Event<Int>] = []
        var viaClosures: [Int] = []
        let bag = DisposeBag()
        subject.subscribe(custom).disposed(by: bag)
        subject.subscribe { viaEvents.append($0) }.disposed(by: bag)
        subject.subscribe(onNext: { viaClosures.append($0) }).disposed(by: bag)
        subject.onNext(1)
        subject.on(.next(2))
        subject._onNext(3)
        subject.onCompleted()
        subject.onNext(4)
        #expect(custom.events == [.next(1), .next(2), .next(3), .completed])
        #expect(viaEvents == [.next(1), .next(2), .next(3), .completed])
        #expect(viaClosures == [1, 2, 3])
    }

    @Test("a disposed subject ignores elements sent either way")
    func aDisposedSubjectIgnoresElementsSentEitherWay() {
        let subject = PublishSubject<Int>()
        let observer = OnlyOn()
        _ = subject.subscribe(observer)
        subject.dispose()
        subject.onNext(1)
        subject.on(.next(2))
        #expect(observer.events == [])
    }

    @Test("a subscription disposed during delivery gets no more elements")
    func aSubscriptionDisposedDuringDeliveryGetsNoMoreElements() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var second: Disposable?
        let first = subject.subscribe(onNext: { value in
            received.append(value * 10)
            second?.dispose()
        })
        second = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == [10, 20])
        first.dispose()
    }

    @Test("behavior subject keeps elements sent through the element path as its value")
    func behaviorSubjectKeepsElementsSentThroughTheElementPathAsItsValue() throws {
        let subject = BehaviorSubject(value: 0)
        subject.onNext(5)
        #expect(try subject.value() == 5)
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(6)
        subscription.dispose()
        #expect(received == [5, 6])
    }

    @Test("an element sent while an observer is priming queues behind the replay")
    func anElementSentWhileAnObserverIsPrimingQueuesBehindTheReplay() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        var received: [Int] = []
        var sentDuringReplay = false
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            if !sentDuringReplay {
                sentDuringReplay = true
                subject.onNext(3)
            }
        })
        subject.onNext(4)
        subscription.dispose()
        #expect(received == [1, 2, 3, 4])
    }

    @Test("map filter and debug pass elements and stop after a throw")
    func mapFilterAndDebugPassElementsAndStopAfterAThrow() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription =
            subject
            .filter { $0 != 2 }
            .map { value -> Int in
                if value == 4 { throw testError }
                return value * 10
            }
            .debug("path", trimOutput: false)
            .subscribe { events.append($0) }
        for value in 1...5 { subject.onNext(value) }
        subscription.dispose()
        #expect(events == [.next(10), .next(30), .error(testError)])
        #expect(!subject.hasObservers)
    }

    @Test("async subject sends its last element then completes")
    func asyncSubjectSendsItsLastElementThenCompletes() {
        let subject = AsyncSubject<Int>()
        let observer = OnlyOn()
        _ = subject.subscribe(observer)
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        #expect(observer.events == [.next(2), .completed])
    }
}
