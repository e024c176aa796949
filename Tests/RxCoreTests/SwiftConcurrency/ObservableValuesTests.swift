import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite("Observable.values", .resourceBalanced, .offPool)
struct ObservableValuesTests {
    @Test("the loop receives every element, then ends at the completion")
    func completes() async throws {
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test("an error is thrown from the loop after the elements before it")
    func fails() async throws {
        let source = Observable<Int>.of(1, 2).concat(Observable.error(testError))
        var received: [Int] = []
        await #expect(throws: TestError.self) {
            for try await value in source.values {
                received.append(value)
            }
        }
        #expect(received == [1, 2])
    }

    @Test("elements sent before the loop starts are buffered without bound")
    func unboundedBuffer() async throws {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        for value in 0..<1000 {
            subject.onNext(value)
        }
        subject.onCompleted()
        var received: [Int] = []
        for try await value in stream {
            received.append(value)
        }
        #expect(received == Array(0..<1000))
    }

    @Test("elements from another thread arrive in order")
    func fromAnotherThread() async throws {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        let producer = Thread {
            for value in 0..<100 {
                subject.onNext(value)
            }
            subject.onCompleted()
        }
        producer.start()
        var received: [Int] = []
        for try await value in stream {
            received.append(value)
        }
        #expect(received == Array(0..<100))
    }

    @Test("cancelling the consuming task in the middle of the stream throws CancellationError and disposes")
    func cancelMidStream() async throws {
        let subject = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let consumer = Task {
            do {
                for try await value in subject.values {
                    received.withLock { $0.append(value) }
                }
                return "ended"
            } catch is CancellationError {
                return "cancelled"
            }
        }
        #expect(await eventually { subject.hasObservers })
        subject.onNext(1)
        subject.onNext(2)
        #expect(await eventually { received.withLock { $0.count } == 2 })
        consumer.cancel()
        #expect(try await consumer.value == "cancelled")
        #expect(await eventually { !subject.hasObservers })
        subject.onNext(3)
        #expect(received.withLock { $0 } == [1, 2])
    }

    @Test("breaking out of the loop disposes the subscription")
    func breakOut() async throws {
        let subject = BehaviorSubject(value: 0)
        var received: [Int] = []
        for try await value in subject.values {
            received.append(value)
            if value == 0 {
                subject.onNext(1)
            } else {
                break
            }
        }
        #expect(received == [0, 1])
        #expect(await eventually { !subject.hasObservers })
    }

    @Test("dropping the stream without reading it disposes the subscription")
    func droppedUnread() async throws {
        let source = SilentSource()
        do {
            let stream = source.observable(Int.self).values
            _ = stream
        }
        #expect(source.subscribed.isFired)
        #expect(await source.disposed.wait())
    }

    @Test("a loop in an already cancelled task throws CancellationError at once and disposes the subscription")
    func alreadyCancelled() async throws {
        let source = SilentSource()
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            for try await _ in source.observable(Int.self).values {
                count += 1
            }
            return count
        }
        await #expect(throws: CancellationError.self) { try await consumer.value }
        #expect(source.subscribed.isFired)
        #expect(await source.disposed.wait())
    }

    @Test("a sequence that never emits: cancelling the loop's task throws CancellationError (RxSwift)")
    func neverEmittingCancelled() async throws {
        let consumer = Task {
            for try await _ in Observable<Int>.never().values {}
        }
        try await Task.sleep(milliseconds: 20)
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
    }

    @Test("a trait that never emits: cancelling the loop's task throws CancellationError")
    func neverEmittingTraitCancelled() async throws {
        let single = Task {
            for try await _ in Single<Int>.never().values {}
        }
        let maybe = Task {
            for try await _ in Maybe<Int>.never().values {}
        }
        let completable = Task {
            for try await _ in Completable.never().values {}
        }
        single.cancel()
        maybe.cancel()
        completable.cancel()
        await #expect(throws: CancellationError.self) { try await single.value }
        await #expect(throws: CancellationError.self) { try await maybe.value }
        await #expect(throws: CancellationError.self) { try await completable.value }
    }

    @Test("traits have values too: a single's stream holds its one element")
    func traitValues() async throws {
        var received: [String] = []
        for try await value in Single.just("only").values {
            received.append(value)
        }
        #expect(received == ["only"])
    }
}
