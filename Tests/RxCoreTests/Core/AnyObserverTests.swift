import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct AnyObserverTests {
    @Test("forwards to the closure")
    func forwardsToTheClosure() {
        let log = EventLog<Int>()
        let observer = AnyObserver<Int> { log.on($0) }
        observer.onNext(1)
        observer.onError(testError)
        #expect(log.events == [.next(1), .error(testError)])
    }

    @Test("wraps another observer")
    func wrapsAnotherObserver() {
        let log = EventLog<Int>()
        let observer = AnyObserver(log)
        observer.onNext(7)
        observer.onCompleted()
        #expect(log.events == [.next(7), .completed])
    }

    @Test("map observer transforms before forwarding")
    func mapObserverTransformsBeforeForwarding() {
        let log = EventLog<String>()
        let observer: AnyObserver<Int> = log.mapObserver { "#\($0)" }
        observer.onNext(4)
        observer.onCompleted()
        #expect(log.events == [.next("#4"), .completed])
    }

    @Test("map observer turns a throw into an error")
    func mapObserverTurnsAThrowIntoAnError() {
        let log = EventLog<String>()
        let observer: AnyObserver<Int> = log.mapObserver { _ in throw testError }
        observer.onNext(4)
        #expect(log.events == [.error(testError)])
    }
}
