import RxCore
import RxTest
import Testing

/// `flatMap` delivers a `just` inner sequence without subscribing to it: these tests pin down
/// that it behaves exactly as the subscription would (order, completion, reentrancy, errors,
/// disposal).
@Suite("flatMap to just", .resourceBalanced)
struct FlatMapJustTests {
    private struct Failure: Error {}

    @Test("each element's just arrives in order; completes when the source does")
    func deliversInOrderAndCompletesWithTheSource() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.flatMap { Observable.just($0 * 10) }.subscribe { events.append($0) }
        subject.onNext(1)
        subject.onNext(2)
        #expect(events == [.next(10), .next(20)])
        subject.onCompleted()
        #expect(events == [.next(10), .next(20), .completed])
        subscription.dispose()
    }

    @Test("just mixed with other inner sequences keeps the merged order")
    func mixesWithSubscribedInnerSequences() {
        let subject = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription =
            subject
            .flatMap { $0 == 0 ? other.asObservable() : Observable.just($0) }
            .subscribe { events.append($0) }
        subject.onNext(0)
        subject.onNext(1)
        other.onNext(100)
        subject.onNext(2)
        subject.onCompleted()
        #expect(events == [.next(1), .next(100), .next(2)])
        other.onCompleted()
        #expect(events == [.next(1), .next(100), .next(2), .completed])
        subscription.dispose()
    }

    @Test("flatMapFirst: the just counts as running while its element is delivered")
    func flatMapFirstDropsAReentrantElement() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.flatMapFirst { Observable.just($0) }.subscribe(onNext: { value in
            received.append(value)
            if value == 1 { subject.onNext(2) }
        })
        subject.onNext(1)
        subject.onNext(3)
        #expect(received == [1, 3])
        subscription.dispose()
    }

    @Test("the source completing while the just delivers completes after its element, once")
    func reentrantSourceCompletionWaitsForTheJust() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.flatMap { Observable.just($0) }.subscribe { event in
            events.append(event)
            if event == .next(1) { subject.onCompleted() }
        }
        subject.onNext(1)
        #expect(events == [.next(1), .completed])
        subscription.dispose()
    }

    @Test("a selector that throws ends the sequence with its error")
    func throwingSelector() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        _ =
            subject
            .flatMap { value -> Observable<Int> in
                if value == 2 { throw Failure() }
                return .just(value)
            }
            .subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append($0 is Failure ? "error" : "other") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(log == ["next 1", "error", "disposed"])
        #expect(!subject.hasObservers)
    }

    @Test("disposed while a just delivers: nothing more arrives")
    func disposedDuringDelivery() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == [1])
        #expect(!subject.hasObservers)
    }
}
