import Dispatch
import Foundation
import RxCore
import RxTest
import TestSupport
import Testing

/// First subscriptions to a shared sequence racing on several threads (also run under
/// `swift test --sanitize=thread`).
@Suite(.resourceBalanced)
struct SharingStressTests {
    /// Sized for 2 cores: one racing thread per core, released together, many short rounds.
    private static let rounds = 1_000
    private static let subscribers = 2

    /// RxSwift #2718: `share(replay: 0, scope: .whileConnected)` connected once per racing
    /// first subscriber (and crashed on the second `connect`). Whoever subscribes first
    /// connects, and only once, however the subscriptions interleave.
    @Test("concurrent first subscriptions connect once", arguments: [0, 1])
    func concurrentFirstSubscriptionsConnectOnce(replay: Int) async {
        for _ in 0..<Self.rounds {
            let connections = Locked<Int>(0)
            let observers = Locked<[AnyObserver<Int>]>([])
            let source = Observable<Int>.create { observer in
                connections.add(1)
                observers.withLock { $0.append(observer) }
                return Disposables.create()
            }
            let shared = SendableBox(source.share(replay: replay, scope: .whileConnected))
            let subscriptions = Locked<[Disposable]>([])
            let received = Locked<Int>(0)
            let arrived = Locked<Int>(0)
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<Self.subscribers {
                Thread.detachNewThread {
                    // A start line, so that the first subscriptions really overlap.
                    arrived.add(1)
                    while arrived.load() < Self.subscribers { sched_yield() }
                    let subscription = shared.value.subscribe(onNext: { _ in received.add(1) })
                    subscriptions.withLock { $0.append(subscription) }
                    done.signal()
                }
            }
            for _ in 0..<Self.subscribers {
                #expect(await done.waitOffPool())
            }
            #expect(connections.load() == 1)
            // Every subscriber is attached to the one connection.
            observers.withLock { $0 }.forEach { $0.onNext(7) }
            #expect(received.load() == Self.subscribers)
            subscriptions.withLock { $0 }.forEach { $0.dispose() }
            observers.withLock { $0.removeAll() }  // they hold the source's sinks
        }
    }
}
