import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct SubjectTypeTests {
    /// Feeds `subject` through its observer side, as generic code that only knows `SubjectType` does.
    private func feed<Subject: SubjectType>(_ subject: Subject, _ events: [Event<Subject.Observer.Element>]) {
        let observer = subject.asObserver()
        for event in events {
            observer.on(event)
        }
    }

    @Test("every subject is its own observer")
    func everySubjectIsItsOwnObserver() {
        let publish = PublishSubject<Int>()
        let behavior = BehaviorSubject(value: 0)
        let replay = ReplaySubject<Int>.create(bufferSize: 2)
        let async = AsyncSubject<Int>()
        // Without a type annotation the subject's own `asObserver()` wins over `AnyObserver`.
        let observers: [AnyObject] = [publish.asObserver(), behavior.asObserver(), replay.asObserver(), async.asObserver()]
        let subjects: [AnyObject] = [publish, behavior, replay, async]
        #expect(zip(observers, subjects).allSatisfy { $0 === $1 })
    }

    @Test("generic code feeds each kind of subject")
    func genericCodeFeedsEachKindOfSubject() {
        let publish = PublishSubject<Int>()
        let behavior = BehaviorSubject(value: 0)
        let replay = ReplaySubject<Int>.create(bufferSize: 2)
        let async = AsyncSubject<Int>()
        let logs = (0..<4).map { _ in EventLog<Int>() }
        let subscriptions = [
            publish.subscribe(logs[0]), behavior.subscribe(logs[1]), replay.subscribe(logs[2]), async.subscribe(logs[3]),
        ]
        let events: [Event<Int>] = [.next(1), .next(2), .completed]
        feed(publish, events)
        feed(behavior, events)
        feed(replay, events)
        feed(async, events)
        #expect(logs[0].events == [.next(1), .next(2), .completed])
        #expect(logs[1].events == [.next(0), .next(1), .next(2), .completed])
        #expect(logs[2].events == [.next(1), .next(2), .completed])
        #expect(logs[3].events == [.next(2), .completed])
        subscriptions.forEach { $0.dispose() }
    }

    @Test("subjects are sendable")
    func subjectsAreSendable() async throws {
        let subject = BehaviorSubject(value: 1)
        let relay = BehaviorRelay(value: 1)
        await Task.detached {
            subject.onNext(2)
            relay.accept(2)
        }.value
        #expect(try subject.value() == 2)
        #expect(relay.value == 2)
    }
}
