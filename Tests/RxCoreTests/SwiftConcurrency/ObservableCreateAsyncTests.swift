import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

@Suite("Observable.create, Single.create and Infallible.create from async work", .resourceBalanced, .offPool)
struct ObservableCreateAsyncTests {
    /// Subscribes and waits for the stop event; returns every event.
    private func events<Element: Sendable>(of source: Observable<Element>) async -> [Event<Element>] {
        let log = EventLog<Element>()
        let finished = TestSignal()
        let subscription = source.subscribe { event in
            log.on(event)
            if event.isStopEvent { finished.fire() }
        }
        _ = await finished.wait()
        subscription.dispose()
        return log.events
    }

    @Test("elements sent by the work arrive in order; returning completes")
    func completes() async {
        let source = Observable<Int>.create { observer in
            for value in 1...3 {
                await Task.yield()
                observer(value)
            }
        }
        #expect(await events(of: source) == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("a throwing work fails the sequence")
    func fails() async {
        let source = Observable<Int>.create { observer in
            observer(1)
            throw testError
        }
        #expect(await events(of: source) == [.next(1), .error(testError)])
    }

    @Test("each subscription runs the work once")
    func oncePerSubscription() async {
        let runs = Locked(0)
        let source = Observable<Int>.create { observer in
            let run = runs.withLock {
                $0 += 1
                return $0
            }
            observer(run)
        }
        #expect(await events(of: source) == [.next(1), .completed])
        #expect(await events(of: source) == [.next(2), .completed])
    }

    @Test("detached work with a priority runs the same way")
    func detached() async {
        let source = Observable<String>.create(detached: true, priority: .low) { observer in
            observer("detached")
        }
        #expect(await events(of: source) == [.next("detached"), .completed])
    }

    @Test("disposing cancels the task; later elements and the cancellation error are dropped")
    func disposeCancels() async throws {
        let started = TestSignal()
        let cancelled = TestSignal()
        let finished = TestSignal()
        let source = Observable<Int>.create { observer in
            observer(1)
            started.fire()
            do {
                try await Task.sleep(milliseconds: 60_000)
            } catch {
                cancelled.fire()
                observer(2)
                finished.fire()
                throw error
            }
        }
        let log = EventLog<Int>()
        let subscription = source.subscribe(log)
        #expect(await started.wait())
        subscription.dispose()
        #expect(await cancelled.wait())
        #expect(await finished.wait())
        try await Task.sleep(milliseconds: 20)
        #expect(log.events == [.next(1)])
    }

    @Test("Single.create from async work: the result is the success")
    func singleSuccess() async throws {
        let single = Single<Int>.create { 6 * 7 }
        #expect(try await single.value == 42)
        let again = Locked<[String]>([])
        _ = Single<Int>.create { 1 }.subscribe { event in
            again.withLock { $0.append(describe(event)) }
        }
        #expect(await eventually { again.withLock { $0 } == ["success(1)"] })
    }

    @Test("Single.create from async work: a thrown error is the failure")
    func singleFailure() async throws {
        let single = Single<Int>.create { throw testError }
        await #expect(throws: TestError.self) { try await single.value }
    }

    @Test("Single.create from async work: disposing cancels the task")
    func singleDispose() async throws {
        let started = TestSignal()
        let cancelled = TestSignal()
        let single = Single<Int>.create {
            started.fire()
            do {
                try await Task.sleep(milliseconds: 60_000)
            } catch {
                cancelled.fire()
                throw error
            }
            return 0
        }
        let outcomes = Locked<[String]>([])
        let subscription = single.subscribe { event in outcomes.withLock { $0.append(describe(event)) } }
        #expect(await started.wait())
        subscription.dispose()
        #expect(await cancelled.wait())
        try await Task.sleep(milliseconds: 20)
        #expect(outcomes.withLock { $0 } == [])
    }

    @Test("the callback forms of create still resolve to the synchronous overloads")
    func syncOverloadsWin() {
        let observable = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        #expect(synchronousEvents(observable) == [.next(1), .completed])
        let single = Single<Int>.create { observer in
            observer(.success(2))
            return Disposables.create()
        }
        #expect(synchronousEvents(single) == [.next(2), .completed])
        let infallible = Infallible<Int>.create { observer in
            observer(.next(3))
            observer(.completed)
            return Disposables.create()
        }
        #expect(synchronousEvents(infallible) == [.next(3), .completed])
    }
}

@Suite("Infallible.values and Infallible.create from async work", .resourceBalanced, .offPool)
struct InfallibleConcurrencyTests {
    @Test("the loop receives every element, then ends at the completion")
    func values() async {
        var received: [Int] = []
        for await value in Infallible.of(1, 2, 3).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test("cancelling the consuming task in the middle of the stream disposes the subscription")
    func cancelMidStream() async throws {
        let subject = PublishSubject<Int>()
        let infallible = subject.asInfallible(onErrorJustReturn: -1)
        let received = Locked<[Int]>([])
        let consumer = Task {
            for await value in infallible.values {
                received.withLock { $0.append(value) }
            }
            return "ended"
        }
        #expect(await eventually { subject.hasObservers })
        subject.onNext(1)
        #expect(await eventually { received.withLock { $0 } == [1] })
        consumer.cancel()
        #expect(await consumer.value == "ended")
        #expect(await eventually { !subject.hasObservers })
    }

    @Test("Infallible.create from async work: elements, then the completion when the work returns")
    func create() async {
        let infallible = Infallible<String>.create { observer in
            observer("a")
            await Task.yield()
            observer("b")
        }
        var received: [String] = []
        for await value in infallible.values {
            received.append(value)
        }
        #expect(received == ["a", "b"])
    }

    @Test("Infallible.create from async work: disposing cancels the task")
    func createDispose() async throws {
        let started = TestSignal()
        let cancelled = TestSignal()
        let infallible = Infallible<Int>.create { observer in
            observer(1)
            started.fire()
            try? await Task.sleep(milliseconds: 60_000)
            if Task.isCancelled { cancelled.fire() }
            observer(2)
        }
        let received = Locked<[Int]>([])
        let subscription = infallible.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        #expect(await started.wait())
        subscription.dispose()
        #expect(await cancelled.wait())
        try await Task.sleep(milliseconds: 20)
        #expect(received.withLock { $0 } == [1])
    }
}
