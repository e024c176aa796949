import RxCore
import TestSupport
import Testing

/// How a `map` or `filter` subscription is torn down: its source subscription is disposed
/// exactly once, also when it arrives after the sequence ended; disposing breaks the sink ↔
/// source cycle; and the returned disposable, kept after `dispose()`, keeps neither the sink
/// nor the subscriber's closures alive (a sink that was its own subscription's disposable did,
/// a cycle through an owner that keeps its subscription).
@Suite(.resourceBalanced)
struct SinkSubscriptionTests {
    /// Counts the disposals of the source subscriptions.
    private final class Journal {
        var disposals = 0
    }

    /// A source subscription that keeps its observer, as a subject does, and counts its
    /// disposals; nothing but the subscriber disposes it.
    private final class SourceSubscription: Disposable {
        let journal: Journal
        let observer: AnyObject

        init(journal: Journal, observer: AnyObject) {
            self.journal = journal
            self.observer = observer
        }

        func dispose() {
            journal.disposals += 1
        }
    }

    /// A source that, when asked to, sends one element and completes while it is being
    /// subscribed, and returns a ``SourceSubscription``.
    private final class Source: Observable<Int>, @unchecked Sendable {
        // Unchecked: each test uses it on its own thread only.
        let completesAtOnce: Bool
        let journal = Journal()
        weak var subscription: SourceSubscription?

        init(completesAtOnce: Bool) {
            self.completesAtOnce = completesAtOnce
        }

        override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
        where Observer.Element == Int {
            let subscription = SourceSubscription(journal: journal, observer: observer as AnyObject)
            self.subscription = subscription
            if completesAtOnce {
                observer.onNext(1)
                observer.onCompleted()
            }
            return subscription
        }
    }

    /// The operators whose sinks own their subscription, by name.
    private static func apply(_ name: String, to source: Observable<Int>) -> Observable<Int> {
        name == "map" ? source.map { $0 + 1 } : source.filter { _ in true }
    }

    @Test("a source subscription that arrives after the sequence ended is disposed once", arguments: ["map", "filter"])
    func sourceEndedWhileSubscribing(operatorName: String) {
        let source = Source(completesAtOnce: true)
        var received: [Int] = []
        var completed = false
        let subscription = Self.apply(operatorName, to: source.asObservable())
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        #expect(received.count == 1)
        #expect(completed)
        // The completion tore the subscription down before the source subscription existed:
        // it was disposed and let go of as soon as it arrived.
        #expect(source.journal.disposals == 1)
        #expect(source.subscription == nil)
        subscription.dispose()
        #expect(source.journal.disposals == 1)
    }

    @Test("disposing disposes the source subscription once and breaks the cycle", arguments: ["map", "filter"])
    func disposeReleasesSourceSubscription(operatorName: String) {
        let source = Source(completesAtOnce: false)
        let subscription = Self.apply(operatorName, to: source.asObservable()).subscribe(onNext: { _ in })
        #expect(source.journal.disposals == 0)
        #expect(source.subscription != nil)
        subscription.dispose()
        subscription.dispose()
        #expect(source.journal.disposals == 1)
        // The sink let go of the source subscription, which held the sink as its observer.
        #expect(source.subscription == nil)
    }

    @Test("a disposed subscription that is kept releases the subscriber's closures", arguments: ["map", "filter"])
    func keptDisposableReleasesClosures(operatorName: String) {
        final class Owner {}
        var owner: Owner? = Owner()
        let released = { [weak owner] in owner }
        let source = Source(completesAtOnce: false)
        let subscription = Self.apply(operatorName, to: source.asObservable())
            .subscribe(onNext: { [owner] _ in _ = owner })
        owner = nil
        #expect(released() != nil)
        subscription.dispose()
        // Kept as an owner keeps its `subscription` property: the closure that captured the
        // owner is gone all the same.
        #expect(released() == nil)
        withExtendedLifetime(subscription) {}
    }
}
