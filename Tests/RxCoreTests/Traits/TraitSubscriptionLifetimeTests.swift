import RxCore
import Testing

/// What a closure subscription to a `Single`, `Maybe` or `Completable` keeps alive: only the
/// subscription's own machinery, never the trait it was made from. A subscription that held
/// the trait would keep its whole source chain alive while it runs, and a `create` closure
/// that stores its observer would form a cycle that outlives `dispose()`.
@Suite("Trait subscriptions do not retain their source")
struct TraitSubscriptionLifetimeTests {
    /// Something the source's closure owns, so its release proves the source was released.
    final class Witness {}

    /// Keeps the observer a `create` closure was given, as code that calls back later does.
    final class ObserverStore<Observer> {
        var observer: Observer?
    }

    @Test("Single: a create closure that stores its observer is released after dispose")
    func singleStoringObserverReleasedAfterDispose() {
        weak var weakStore: ObserverStore<Single<Int>.SingleObserver>?
        do {
            let store = ObserverStore<Single<Int>.SingleObserver>()
            weakStore = store
            let single = Single<Int>.create { observer in
                store.observer = observer
                return Disposables.create()
            }
            let subscription = single.subscribe(onSuccess: { _ in }, onFailure: { _ in }, onDisposed: {})
            subscription.dispose()
        }
        #expect(weakStore == nil)
    }

    @Test("Maybe: a create closure that stores its observer is released after dispose")
    func maybeStoringObserverReleasedAfterDispose() {
        weak var weakStore: ObserverStore<Maybe<Int>.MaybeObserver>?
        do {
            let store = ObserverStore<Maybe<Int>.MaybeObserver>()
            weakStore = store
            let maybe = Maybe<Int>.create { observer in
                store.observer = observer
                return Disposables.create()
            }
            let subscription = maybe.subscribe(onSuccess: { _ in }, onError: { _ in }, onCompleted: {}, onDisposed: {})
            subscription.dispose()
        }
        #expect(weakStore == nil)
    }

    @Test("Completable: a create closure that stores its observer is released after dispose")
    func completableStoringObserverReleasedAfterDispose() {
        weak var weakStore: ObserverStore<Completable.CompletableObserver>?
        do {
            let store = ObserverStore<Completable.CompletableObserver>()
            weakStore = store
            let completable = Completable.create { observer in
                store.observer = observer
                return Disposables.create()
            }
            let subscription = completable.subscribe(onCompleted: {}, onError: { _ in }, onDisposed: {})
            subscription.dispose()
        }
        #expect(weakStore == nil)
    }

    @Test("Single: a live subscription does not keep the single it was made from")
    func singleLiveSubscriptionReleasesSource() {
        weak var weakWitness: Witness?
        var subscription: Disposable?
        do {
            let witness = Witness()
            weakWitness = witness
            let single = Single<Int>.create { _ in
                _ = witness
                return Disposables.create()
            }
            subscription = single.subscribe(onSuccess: { _ in })
        }
        #expect(weakWitness == nil)
        subscription?.dispose()
    }

    @Test("Maybe: a live subscription does not keep the maybe it was made from")
    func maybeLiveSubscriptionReleasesSource() {
        weak var weakWitness: Witness?
        var subscription: Disposable?
        do {
            let witness = Witness()
            weakWitness = witness
            let maybe = Maybe<Int>.create { _ in
                _ = witness
                return Disposables.create()
            }
            subscription = maybe.subscribe(onSuccess: { _ in })
        }
        #expect(weakWitness == nil)
        subscription?.dispose()
    }

    @Test("Completable: andThen releases the first completable once it completed, while the second runs")
    func completableFirstReleasedAfterItsCompletion() {
        weak var weakWitness: Witness?
        var subscription: Disposable?
        var completions = 0
        do {
            let witness = Witness()
            weakWitness = witness
            let first = Completable.create { observer in
                _ = witness
                observer(.completed)
                return Disposables.create()
            }
            subscription = first.andThen(Completable.never()).subscribe(onCompleted: { completions += 1 })
        }
        #expect(weakWitness == nil)
        #expect(completions == 0)
        subscription?.dispose()
    }
}
