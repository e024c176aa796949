import RxCore
import RxTest
import Testing

/// The stop-event path (`_onCompleted`, `_onError`) must behave exactly as `on(.completed)` and
/// `on(.error(_))`: these tests end sequences both ways, through the observers the core hands
/// stop events to.
@Suite(.resourceBalanced)
struct StopEventPathTests {
    private struct Failure: Error, Equatable {}

    /// An observer that implements only `on(_:)`, as user types do.
    private final class OnlyOn: ObserverType, @unchecked Sendable {
        var events: [Event<Int>] = []
        func on(_ event: Event<Int>) { events.append(event) }
    }

    @Test func anObserverWithOnlyOnReceivesTheStopPathAsStopEvents() {
        let completing = OnlyOn()
        completing._onCompleted()
        let failing = OnlyOn()
        failing._onError(Failure())
        failing.onError(Failure())
        #expect(completing.events == [.completed])
        #expect(failing.events.count == 2)
        #expect(failing.events.allSatisfy { $0.error is Failure })
    }

    @Test func justThroughMapAndFilterEndsTheClosureSubscriptionInOrder() {
        var log: [String] = []
        _ = Observable.just(1)
            .map { $0 + 1 }
            .filter { $0 > 0 }
            .subscribe(
                onNext: { log.append("next \($0)") },
                onError: { _ in log.append("error") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        #expect(log == ["next 2", "completed", "disposed"])
    }

    @Test func justThroughMapEndsAnEventClosureSubscriptionWithACompletedEvent() {
        var events: [Event<Int>] = []
        _ = Observable.just(1).map { $0 * 3 }.subscribe { events.append($0) }
        #expect(events == [.next(3), .completed])
    }

    @Test func justEndsAnObserverWithOnlyOnThroughOn() {
        let observer = OnlyOn()
        _ = Observable.just(7).map { $0 }.subscribe(observer)
        #expect(observer.events == [.next(7), .completed])
    }

    @Test func aThrowingMapEndsTheClosureSubscriptionWithItsErrorOnce() {
        var log: [String] = []
        _ = Observable.just(1)
            .map { _ -> Int in throw Failure() }
            .subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append($0 is Failure ? "error" : "other") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        #expect(log == ["error", "disposed"])
    }

    @Test func aThrowingFilterEndsAnEventClosureSubscriptionWithAnErrorEvent() {
        var events: [Event<Int>] = []
        _ = Observable.just(1).filter { _ in throw Failure() }.subscribe { events.append($0) }
        #expect(events.count == 1)
        #expect(events.first?.error is Failure)
    }

    @Test func nothingArrivesAfterTheFirstStopEventEitherWay() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 }.subscribe(
            onNext: { log.append("next \($0)") },
            onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") }
        )
        subject.onCompleted()
        subject.onError(Failure())
        subject.onNext(1)
        subscription.dispose()
        let direct = Observable<Int>.create { observer in
            observer.onCompleted()
            observer.onError(Failure())
            observer.onNext(1)
            return Disposables.create()
        }
        _ = direct.subscribe(
            onNext: { log.append("next \($0)") }, onError: { _ in log.append("error") }, onCompleted: { log.append("completed") })
        #expect(log == ["completed", "completed"])
    }
}
