import RxCore
import TestSupport
import Testing

/// Subjects and relays are `Sendable` exactly when their element is (like `Event`). This suite
/// proves the `Sendable` case still crosses into a `Task`; `scripts/check-sendable-subjects`
/// (run by `.ci/run`) proves that a non-`Sendable` element no longer compiles there.
@Suite(hangTimeLimit(minutes: 10))
struct SubjectSendabilityTests {
    /// Compiles only while `T` is `Sendable`.
    private func requireSendable<T: Sendable>(_ value: T) -> T {
        value
    }

    @Test("subjects and relays of sendable elements are sendable")
    func subjectsAndRelaysOfSendableElementsAreSendable() {
        _ = requireSendable(PublishSubject<Int>())
        _ = requireSendable(BehaviorSubject(value: 0))
        _ = requireSendable(ReplaySubject<Int>.create(bufferSize: 1))
        _ = requireSendable(AsyncSubject<Int>())
        _ = requireSendable(PublishRelay<Int>())
        _ = requireSendable(BehaviorRelay(value: 0))
        _ = requireSendable(ReplayRelay<Int>.create(bufferSize: 1))
    }

    @Test("a subject of sendable elements delivers from a task")
    func aSubjectOfSendableElementsDeliversFromATask() async {
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        let received = Locked<[Int]>([])
        let subscription = subject.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        await Task.detached {
            subject.onNext(1)
            relay.accept(2)
            subject.onNext(relay.value)
        }.value
        subject.onNext(3)
        subscription.dispose()
        #expect(received.withLock { $0 } == [1, 2, 3])
    }
}
