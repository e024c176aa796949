import Foundation
import RxTest
import TestSupport
import Testing

@testable import RxCore

@Suite("Single.value, Maybe.value, Completable.value", .resourceBalanced, .offPool)
struct PrimitiveSequenceValueTests {
    // MARK: Single

    @Test("a single's success is returned")
    func singleSuccess() async throws {
        #expect(try await Single.just(42).value == 42)
    }

    @Test("a single's success from another thread is returned")
    func singleSuccessLater() async throws {
        let single = Single<String>.create { observer in
            let observer = SendableBox(observer)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                observer.value(.success("late"))
            }
            return Disposables.create()
        }
        #expect(try await single.value == "late")
    }

    @Test("a single's failure is thrown")
    func singleFailure() async throws {
        await #expect(throws: TestError.self) { try await Single<Int>.error(testError).value }
    }

    @Test("cancelling the awaiting task disposes a single's subscription and throws CancellationError")
    func singleCancelled() async throws {
        let source = SilentSource()
        let single = source.observable(Int.self).asSingle()
        let waiter = Task { try await single.value }
        #expect(await source.subscribed.wait())
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(source.disposed.isFired)
    }

    @Test("awaiting in an already cancelled task subscribes, disposes at once and throws CancellationError")
    func singleAlreadyCancelled() async throws {
        let source = SilentSource()
        let single = source.observable(Int.self).asSingle()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await single.value
        }
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(source.subscribed.isFired)
        #expect(source.disposed.isFired)
    }

    @Test("a success that arrives together with the cancellation resumes exactly once")
    func singleRaceWithCancellation() async throws {
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let waiter = Task { try await subject.asSingle().value }
            #expect(await eventually { subject.hasObservers })
            let sender = Thread {
                subject.onNext(7)
                subject.onCompleted()
            }
            sender.start()
            waiter.cancel()
            switch await waiter.result {
            case .success(let value):
                #expect(value == 7)
            case .failure(let error):
                #expect(error is CancellationError)
            }
            #expect(await eventually { !subject.hasObservers })
        }
    }

    // MARK: Maybe

    @Test("a maybe's success is returned")
    func maybeSuccess() async throws {
        #expect(try await Maybe.just("x").value == "x")
    }

    @Test("a maybe that completes empty returns nil")
    func maybeEmpty() async throws {
        #expect(try await Maybe<Int>.empty().value == nil)
    }

    @Test("a maybe's error is thrown")
    func maybeError() async throws {
        await #expect(throws: TestError.self) { try await Maybe<Int>.error(testError).value }
    }

    @Test("cancelling the awaiting task disposes a maybe's subscription and throws CancellationError")
    func maybeCancelled() async throws {
        let source = SilentSource()
        let maybe = source.observable(Int.self).asMaybe()
        let waiter = Task { try await maybe.value }
        #expect(await source.subscribed.wait())
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(source.disposed.isFired)
    }

    // MARK: Completable

    @Test("a completable's completion returns")
    func completableCompletes() async throws {
        try await Completable.empty().value
        let done = Locked(false)
        let later = Completable.create { observer in
            let observer = SendableBox(observer)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                done.withLock { $0 = true }
                observer.value(.completed)
            }
            return Disposables.create()
        }
        try await later.value
        #expect(done.withLock { $0 })
    }

    @Test("a completable's error is thrown")
    func completableError() async throws {
        await #expect(throws: TestError.self) { try await Completable.error(testError).value }
    }

    @Test("cancelling the awaiting task disposes a completable's subscription and throws CancellationError")
    func completableCancelled() async throws {
        let source = SilentSource()
        let completable = source.observable(Never.self).asCompletable()
        let waiter = Task { try await completable.value }
        #expect(await source.subscribed.wait())
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(source.disposed.isFired)
    }
}

@Suite("value releases its subscription", .resourceBalanced, .offPool)
struct PrimitiveSequenceValueReleaseTests {
    @Test("once an event decided, the subscription is disposed even if the source never completes")
    func disposedAfterDeciding() async throws {
        let disposed = TestSignal()
        // Breaks the single grammar on purpose: an element but no completion.
        let source = Observable<Int>.create { observer in
            observer.onNext(5)
            return Disposables.create { disposed.fire() }
        }
        #expect(try await Single(raw: source).value == 5)
        #expect(disposed.isFired)

        let maybeDisposed = TestSignal()
        let maybeSource = Observable<Int>.create { observer in
            observer.onNext(6)
            return Disposables.create { maybeDisposed.fire() }
        }
        #expect(try await Maybe(raw: maybeSource).value == 6)
        #expect(maybeDisposed.isFired)
    }
}
