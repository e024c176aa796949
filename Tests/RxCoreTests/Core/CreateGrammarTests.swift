import RxCore
import RxTest
import Testing

@Suite(.resourceBalanced)
struct CreateGrammarTests {
    @Test("delivers what the closure sends")
    func deliversWhatTheClosureSends() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        #expect(synchronousEvents(source) == [.next(1), .next(2), .completed])
    }

    @Test("does no work before subscribe")
    func doesNoWorkBeforeSubscribe() {
        let journal = Journal()
        let source = Observable<Int>.create { observer in
            journal.record("subscribed")
            observer.onCompleted()
            return Disposables.create()
        }
        #expect(journal.entries.isEmpty)
        _ = source.subscribe()
        _ = source.subscribe()
        #expect(journal.entries == ["subscribed", "subscribed"])
    }

    @Test("drops everything after completed")
    func dropsEverythingAfterCompleted() {
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(testError)
            observer.onCompleted()
            return Disposables.create()
        }
        #expect(synchronousEvents(source) == [.next(1), .completed])
    }

    @Test("drops everything after an error")
    func dropsEverythingAfterAnError() {
        let source = Observable<Int>.create { observer in
            observer.onError(testError)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        #expect(synchronousEvents(source) == [.error(testError)])
    }

    @Test("disposes the returned disposable on termination")
    func disposesTheReturnedDisposableOnTermination() {
        let journal = Journal()
        var capturedObserver: AnyObserver<Int>?
        let source = Observable<Int>.create { observer in
            capturedObserver = observer
            return Disposables.create { journal.record("disposed") }
        }
        let log = EventLog<Int>()
        let subscription = source.subscribe(log)
        capturedObserver?.onNext(1)
        #expect(journal.entries.isEmpty)
        capturedObserver?.onCompleted()
        #expect(journal.entries == ["disposed"])
        subscription.dispose()
        #expect(journal.entries == ["disposed"])
        #expect(log.events == [.next(1), .completed])
        capturedObserver = nil
    }

    @Test("dispose stops delivery and runs the disposable once")
    func disposeStopsDeliveryAndRunsTheDisposableOnce() {
        let journal = Journal()
        var capturedObserver: AnyObserver<Int>?
        let source = Observable<Int>.create { observer in
            capturedObserver = observer
            return Disposables.create { journal.record("disposed") }
        }
        let log = EventLog<Int>()
        let subscription = source.subscribe(log)
        capturedObserver?.onNext(1)
        subscription.dispose()
        subscription.dispose()
        capturedObserver?.onNext(2)
        capturedObserver?.onCompleted()
        #expect(log.events == [.next(1)])
        #expect(journal.entries == ["disposed"])
        capturedObserver = nil
    }

    @Test("the book's never-ending create without disposal leaks")
    func theBooksNeverEndingCreateWithoutDisposalLeaks() {
        // Chapter 2 of the book: a `create` that never terminates and is never disposed
        // keeps its subscription alive; disposing it frees everything.
        let before = Resources.total
        let journal = Journal()
        let source = Observable<String>.create { observer in
            observer.onNext("1")
            return Disposables.create { journal.record("disposed") }
        }
        let subscription = source.subscribe(onNext: { journal.record($0) })
        #expect(journal.entries == ["1"])
        if Resources.isEnabled {
            #expect(Resources.total > before)
        }
        subscription.dispose()
        #expect(journal.entries == ["1", "disposed"])
    }
}
