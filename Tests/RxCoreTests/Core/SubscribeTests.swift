import RxCore
import RxTest
import TestSupport
import Testing

@Suite(.resourceBalanced)
struct SubscribeTests {
    private func source(_ events: [Event<Int>]) -> Observable<Int> {
        Observable.create { observer in
            for event in events { observer.on(event) }
            return Disposables.create()
        }
    }

    @Test("event closure receives every event")
    func eventClosureReceivesEveryEvent() {
        var received: [Event<Int>] = []
        _ = source([.next(1), .completed]).subscribe { received.append($0) }
        #expect(received == [.next(1), .completed])
    }

    @Test("closures run in order and on disposed runs after completion")
    func closuresRunInOrderAndOnDisposedRunsAfterCompletion() {
        var journal: [String] = []
        _ = source([.next(1), .next(2), .completed]).subscribe(
            onNext: { journal.append("next \($0)") },
            onError: { _ in journal.append("error") },
            onCompleted: { journal.append("completed") },
            onDisposed: { journal.append("disposed") }
        )
        #expect(journal == ["next 1", "next 2", "completed", "disposed"])
    }

    @Test("on disposed runs after an error")
    func onDisposedRunsAfterAnError() {
        var journal: [String] = []
        _ = source([.next(1), .error(testError)]).subscribe(
            onNext: { journal.append("next \($0)") },
            onError: { journal.append("error \($0)") },
            onCompleted: { journal.append("completed") },
            onDisposed: { journal.append("disposed") }
        )
        #expect(journal == ["next 1", "error TestError(1)", "disposed"])
    }

    @Test("on disposed runs once on explicit dispose")
    func onDisposedRunsOnceOnExplicitDispose() {
        var journal: [String] = []
        let subscription = Observable<Int>.create { _ in Disposables.create() }
            .subscribe(onDisposed: { journal.append("disposed") })
        #expect(journal.isEmpty)
        subscription.dispose()
        subscription.dispose()
        #expect(journal == ["disposed"])
    }

    @Test("subscribe with object passes it while alive")
    func subscribeWithObjectPassesItWhileAlive() {
        final class Owner { var seen: [Int] = [] }
        let owner = Owner()
        var completed = false
        _ = source([.next(1), .next(2), .completed]).subscribe(
            with: owner,
            onNext: { owner, value in owner.seen.append(value) },
            onCompleted: { _ in completed = true }
        )
        #expect(owner.seen == [1, 2])
        #expect(completed)
    }

    @Test("subscribe with object holds it weakly")
    func subscribeWithObjectHoldsItWeakly() {
        final class Owner { var seen: [Int] = [] }
        var owner: Owner? = Owner()
        let weakOwner = { [weak owner] in owner }
        var observer: AnyObserver<Int>?
        let subscription = Observable<Int>.create {
            observer = $0
            return Disposables.create()
        }
        .subscribe(with: owner!, onNext: { owner, value in owner.seen.append(value) })
        observer?.onNext(1)
        #expect(owner?.seen == [1])
        owner = nil
        #expect(weakOwner() == nil)
        observer?.onNext(2)
        subscription.dispose()
        observer = nil
    }
}

@Suite(.serialized, .resourceBalanced)
struct UnhandledErrorTests {
    @Test("unhandled errors go to the default handler with the call stack")
    func unhandledErrorsGoToTheDefaultHandlerWithTheCallStack() {
        let received = Locked<[String]>([])
        let previousHandler = Hooks.defaultErrorHandler
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        defer {
            Hooks.defaultErrorHandler = previousHandler
            Hooks.customCaptureSubscriptionCallstack = previousCapture
            Hooks.recordCallStackOnError = false
        }
        Hooks.defaultErrorHandler = { stack, error in
            received.withLock { $0.append("\(error) from \(stack.joined(separator: ","))") }
        }
        Hooks.customCaptureSubscriptionCallstack = { ["frame A", "frame B"] }
        Hooks.recordCallStackOnError = true

        let failing = Observable<Int>.create { observer in
            observer.onError(testError)
            return Disposables.create()
        }
        _ = failing.subscribe(onNext: { _ in })
        Hooks.recordCallStackOnError = false
        _ = failing.subscribe(onNext: { _ in }); let plainLine = #line
        _ = failing.subscribe(onError: { _ in })

        // Recorded: exactly the captured stack; otherwise the subscription's call site.
        let site = "RxCoreTests/SubscribeTests.swift"
        #expect(
            received.withLock { $0 } == [
                "TestError(1) from frame A,frame B", "TestError(1) from \(site):\(plainLine)",
            ]
        )
    }
}
