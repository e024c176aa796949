import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite("AsyncSequence.asObservable", .resourceBalanced, .offPool)
struct AsyncSequenceAsObservableTests {
    @Test("the elements of a finished stream arrive in order, then the completion")
    func finishes() async throws {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 {
                continuation.yield(value)
            }
            continuation.finish()
        }
        let log = EventLog<Int>()
        let finished = TestSignal()
        let subscription = stream.asObservable().subscribe { event in
            log.on(event)
            if event.isStopEvent { finished.fire() }
        }
        #expect(await finished.wait())
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        subscription.dispose()
    }

    @Test("asObservable(priority:) iterates in a task of that priority (RxSwift 6.7)")
    func priority() async throws {
        // Each element is the priority of the task that asks for it.
        let seen = AsyncStream<TaskPriority>(unfolding: { Task.currentPriority })
        let log = EventLog<TaskPriority>()
        let finished = TestSignal()
        let subscription = seen.prefix(1).asObservable(priority: .high).subscribe { event in
            log.on(event)
            if event.isStopEvent { finished.fire() }
        }
        #expect(await finished.wait())
        #expect(log.events == [.next(.high), .completed])
        subscription.dispose()
    }

    @Test("an error thrown by the sequence becomes the error event")
    func fails() async throws {
        let stream = AsyncThrowingStream<Int, Swift.Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: testError)
        }
        let log = EventLog<Int>()
        let finished = TestSignal()
        let subscription = stream.asObservable().subscribe { event in
            log.on(event)
            if event.isStopEvent { finished.fire() }
        }
        #expect(await finished.wait())
        #expect(log.events == [.next(1), .error(testError)])
        subscription.dispose()
    }

    @Test("a CancellationError thrown by the sequence itself ends it with a completion")
    func cancellationErrorCompletes() async throws {
        let stream = AsyncThrowingStream<Int, Swift.Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: CancellationError())
        }
        let log = EventLog<Int>()
        let finished = TestSignal()
        let subscription = stream.asObservable().subscribe { event in
            log.on(event)
            if event.isStopEvent { finished.fire() }
        }
        #expect(await finished.wait())
        #expect(log.events == [.next(1), .completed])
        subscription.dispose()
    }

    @Test("disposing in the middle of the stream cancels the iterating task; no more events arrive")
    func disposeMidStream() async throws {
        let terminated = TestSignal()
        let feed = Locked<AsyncStream<Int>.Continuation?>(nil)
        let stream = AsyncStream<Int> { continuation in
            continuation.onTermination = { termination in
                if case .cancelled = termination { terminated.fire() }
            }
            feed.withLock { $0 = continuation }
        }
        let log = EventLog<Int>()
        let subscription = stream.asObservable().subscribe(log)
        let continuation = try #require(feed.withLock { $0 })
        continuation.yield(1)
        continuation.yield(2)
        #expect(await eventually { log.events.count == 2 })
        subscription.dispose()
        #expect(await terminated.wait())
        continuation.yield(3)
        try await Task.sleep(milliseconds: 20)
        #expect(log.events == [.next(1), .next(2)])
    }

    @Test("each subscription iterates a multi-pass sequence anew")
    func eachSubscriptionIterates() async throws {
        let numbers = AsyncCountdown(from: 3)
        for _ in 0..<2 {
            let log = EventLog<Int>()
            let finished = TestSignal()
            let subscription = numbers.asObservable().subscribe { event in
                log.on(event)
                if event.isStopEvent { finished.fire() }
            }
            #expect(await finished.wait())
            #expect(log.events == [.next(3), .next(2), .next(1), .completed])
            subscription.dispose()
        }
    }

    @Test("the observable round-trips through values")
    func roundTrip() async throws {
        var received: [Int] = []
        for try await value in AsyncCountdown(from: 4).asObservable().map({ $0 * 10 }).values {
            received.append(value)
        }
        #expect(received == [40, 30, 20, 10])
    }
}

/// An asynchronous sequence that counts down to 1, once per iteration.
private struct AsyncCountdown: AsyncSequence, Sendable {
    let start: Int

    init(from start: Int) {
        self.start = start
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var current: Int

        mutating func next() async -> Int? {
            guard current > 0 else { return nil }
            await Task.yield()
            defer { current -= 1 }
            return current
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(current: start)
    }
}
